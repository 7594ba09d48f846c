import { isDeepStrictEqual } from 'node:util';

import { WarehouseQueryError } from '@quarry/domain';

import { cellsSql, RESULT_ALIAS } from '../native-csv/csv-line-sql';
import type { NativeCsvCell } from '../native-csv/native-csv';
import type { InlinedQuery } from './inline-params';
import { type ParseNode, parsePostgres, walkTree, withoutLocations } from './postgres-parser';

/** A COPY text that passed copyToStdoutStatement's checks: the only text the session sends over the simple protocol. */
export type VerifiedCopyStatement = string & { readonly verifiedCopy: unique symbol };

function refused(problem: string): WarehouseQueryError {
  return new WarehouseQueryError(`The export statement was not sent: ${problem}`, { reason: 'copy-statement' });
}

/** Whether the tree holds the query, positions aside, as the subquery the cells read (`… FROM (query) AS quarry_result`). */
function readsQuery(tree: ParseNode, query: ParseNode): boolean {
  let found = false;
  walkTree(tree, (node) => {
    const subselect = node['RangeSubselect'] as { subquery?: ParseNode; alias?: { aliasname?: string } } | undefined;
    if (!found && subselect?.alias?.aliasname === RESULT_ALIAS && isDeepStrictEqual(withoutLocations(subselect.subquery), query))
      found = true;
  });
  return found;
}

/**
 * `COPY (cells over the query) TO STDOUT WITH (FORMAT csv)`, checked by PostgreSQL's own parser
 * before it is sent: pg-copy-streams sends it over the simple protocol, which would run every
 * statement of the text. It must be exactly one COPY of a query to the client — not from, not to a
 * file, not to a program — and that query must read the inlined query exactly as it was proven.
 */
export async function copyToStdoutStatement(query: InlinedQuery, cells: readonly NativeCsvCell[]): Promise<VerifiedCopyStatement> {
  // The cells are made formula-safe as PostgresCsvLines reads them (cellsGuardedByCaller).
  const text = `COPY (SELECT * FROM ${cellsSql(query.sql, cells, 'by-caller')}) TO STDOUT WITH (FORMAT csv)`;
  const { stmts } = await parsePostgres(text);
  if (stmts.length !== 1) throw refused(`it holds ${stmts.length} statements`);
  const copy = (stmts[0]?.stmt as { CopyStmt?: Record<string, unknown> } | undefined)?.CopyStmt;
  if (!copy) throw refused('it is not a COPY');
  if (copy['is_from'] || copy['is_program'] || copy['filename'] !== undefined || copy['relation'] !== undefined || !copy['query']) {
    throw refused('it is not a COPY of a query TO STDOUT');
  }
  if (!readsQuery(copy['query'], query.tree)) throw refused('it does not read the query as written');
  return text as VerifiedCopyStatement;
}
