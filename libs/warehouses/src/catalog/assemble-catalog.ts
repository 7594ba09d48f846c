import type { DimensionType, RelationRef, WarehouseCatalog } from '@quarry/domain';

/** One column as a warehouse's information schema lists it. */
export interface CatalogColumn {
  database: string;
  schema: string;
  table: string;
  column: string;
  /** The warehouse's own type name, e.g. `timestamp with time zone`, `NUMBER(38,0)`, `Nullable(DateTime)`. */
  nativeType: string;
}

const key = (relation: RelationRef): string => JSON.stringify([relation.database, relation.schema, relation.table]);
const foldedKey = (relation: RelationRef): string =>
  key({ database: relation.database.toLowerCase(), schema: relation.schema.toLowerCase(), table: relation.table.toLowerCase() });

/**
 * Builds the catalog for the requested relations, keyed by the names as requested (so callers find
 * what they asked for). A relation matches its exact spelling first, else case-insensitively:
 * warehouses fold unquoted names (PostgreSQL to lower case, Snowflake to upper case) while
 * transform projects often spell them the other way.
 */
export function assembleCatalog(
  relations: readonly RelationRef[],
  columns: readonly CatalogColumn[],
  typeOf: (nativeType: string) => DimensionType,
  columnName: (name: string) => string = (name) => name,
): WarehouseCatalog {
  const exact = new Map<string, CatalogColumn[]>();
  const folded = new Map<string, CatalogColumn[]>();
  for (const column of columns) {
    const relation = { database: column.database, schema: column.schema, table: column.table };
    pushTo(exact, key(relation), column);
    pushTo(folded, foldedKey(relation), column);
  }
  const catalog: WarehouseCatalog = {};
  for (const relation of relations) {
    const found = exact.get(key(relation)) ?? onlyOneRelation(folded.get(foldedKey(relation)));
    if (!found) continue;
    const table: Record<string, DimensionType> = {};
    for (const column of found) table[columnName(column.column)] = typeOf(column.nativeType);
    catalog[relation.database] ??= {};
    const database = catalog[relation.database] ?? {};
    database[relation.schema] ??= {};
    const schema = database[relation.schema] ?? {};
    schema[relation.table] = table;
  }
  return catalog;
}

/** A case-insensitive match is used only when it is unambiguous (one relation, not `a` and `A`). */
function onlyOneRelation(columns: CatalogColumn[] | undefined): CatalogColumn[] | undefined {
  if (!columns || columns.length === 0) return undefined;
  const relations = new Set(columns.map((column) => key(column)));
  return relations.size === 1 ? columns : undefined;
}

function pushTo(map: Map<string, CatalogColumn[]>, mapKey: string, column: CatalogColumn): void {
  const list = map.get(mapKey);
  if (list) list.push(column);
  else map.set(mapKey, [column]);
}

/** The distinct (database, schema) pairs of the relations, for information-schema queries per schema. */
export function schemasOf(relations: readonly RelationRef[]): { database: string; schema: string }[] {
  const seen = new Map<string, { database: string; schema: string }>();
  for (const { database, schema } of relations) seen.set(JSON.stringify([database, schema]), { database, schema });
  return [...seen.values()];
}

/** Type names lose their parameters and array markers for lookup: `numeric(10,2)` → `numeric`. */
export function baseTypeName(nativeType: string): string {
  return nativeType
    .trim()
    .replace(/\(.*\)/s, '')
    .trim()
    .toLowerCase();
}

/** Reads catalog columns from query rows aliased `database, schema, table, column, native_type`. */
export function catalogColumnsFromRows(rows: readonly Record<string, unknown>[]): CatalogColumn[] {
  return rows.map((row) => ({
    database: String(row['database'] ?? ''),
    schema: String(row['schema'] ?? ''),
    table: String(row['table'] ?? ''),
    column: String(row['column'] ?? ''),
    nativeType: String(row['native_type'] ?? ''),
  }));
}

/** Reads relations from query rows aliased `database, schema, table`. */
export function relationsFromRows(rows: readonly Record<string, unknown>[]): RelationRef[] {
  return rows.map((row) => ({
    database: String(row['database'] ?? ''),
    schema: String(row['schema'] ?? ''),
    table: String(row['table'] ?? ''),
  }));
}
