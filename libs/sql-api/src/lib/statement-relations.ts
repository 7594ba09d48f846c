import { asKind, type Node, walkNodes } from './sql-parser';
import { SqlApiError, type SqlCatalog, type SqlCatalogTable } from './sql-plan';

/** What a SELECT reads: only catalog relations (or nothing), or one explore. */
export type StatementSource = { kind: 'catalog' } | { kind: 'explore'; table: SqlCatalogTable };

const CATALOG_SCHEMAS = new Set(['pg_catalog', 'information_schema']);

/**
 * Sorts a statement by the relations it names anywhere (FROM, joins, subqueries, CTEs): catalog
 * relations (pg_catalog.*, information_schema.*, pg_*) and FROM-less selects go to the server's catalog
 * engine; explores are translated; a mix, or an unknown relation, is refused.
 */
export function statementSource(statement: Node, catalog: SqlCatalog): StatementSource {
  const cteNames = new Set<string>();
  walkNodes(statement, (kind, body) => {
    if (kind === 'CommonTableExpr') cteNames.add(String(body['ctename']));
  });
  const explores: SqlCatalogTable[] = [];
  const catalogRelations: string[] = [];
  walkNodes(statement, (kind, body) => {
    if (kind === 'RangeFunction') catalogRelations.push('a function in FROM');
    if (kind !== 'RangeVar') return;
    const schema = body['schemaname'] === undefined ? undefined : String(body['schemaname']);
    const name = String(body['relname']);
    const qualified = schema ? `${schema}.${name}` : name;
    if (schema === undefined && cteNames.has(name)) return;
    if (schema !== undefined && CATALOG_SCHEMAS.has(schema)) return void catalogRelations.push(qualified);
    const table = schema === undefined || schema === 'public' ? catalog.tables.find((candidate) => candidate.name === name) : undefined;
    if (table) return void explores.push(table);
    if (name.startsWith('pg_') && (schema === undefined || schema === 'pg_catalog')) return void catalogRelations.push(qualified);
    throw new SqlApiError('42P01', `relation "${qualified}" does not exist`);
  });
  if (explores.length === 0) return { kind: 'catalog' };
  if (catalogRelations.length > 0) {
    throw new SqlApiError('0A000', `a query cannot mix explores (${explores[0]?.name}) with catalog relations (${catalogRelations[0]})`);
  }
  if (explores.length > 1) {
    throw new SqlApiError('0A000', `joins between explores (${explores.map((table) => table.name).join(', ')}) are not supported: query one explore, whose joins are already modelled`);
  }
  return { kind: 'explore', table: explores[0] as SqlCatalogTable };
}

/** The FROM item of a translated SELECT: exactly one explore, no join, no subquery. */
export function singleRangeVar(select: Node): Node {
  const from = (select['fromClause'] as unknown[] | undefined) ?? [];
  const range = from.length === 1 ? asKind(from[0], 'RangeVar') : undefined;
  if (range) return range;
  if (from.some((item) => asKind(item, 'JoinExpr'))) throw new SqlApiError('0A000', 'joins are not supported by the SQL API: query one explore, whose joins are already modelled');
  if (from.some((item) => asKind(item, 'RangeSubselect'))) throw new SqlApiError('0A000', 'subqueries in FROM are not supported by the SQL API');
  throw new SqlApiError('0A000', 'a query reads one explore: FROM <explore>, with no join, subquery or second table');
}
