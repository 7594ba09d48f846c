import type { DimensionType, WarehouseCatalog } from '@quarry/domain';

/**
 * The column types of one table. Names are matched exactly first, then ignoring case, because
 * warehouses fold unquoted identifiers (Snowflake to upper case) while projects often write
 * them in lower case.
 */
export function catalogColumns(
  catalog: WarehouseCatalog,
  database: string,
  schema: string,
  table: string,
): Record<string, DimensionType> | undefined {
  const databaseEntry = lookup(catalog, database);
  const schemaEntry = databaseEntry ? lookup(databaseEntry, schema) : undefined;
  return schemaEntry ? lookup(schemaEntry, table) : undefined;
}

export function catalogColumnType(columns: Record<string, DimensionType> | undefined, column: string): DimensionType | undefined {
  return columns ? lookup(columns, column) : undefined;
}

function lookup<T>(entries: Record<string, T>, key: string): T | undefined {
  if (Object.hasOwn(entries, key)) return entries[key];
  const lower = key.toLowerCase();
  const match = Object.keys(entries).find((candidate) => candidate.toLowerCase() === lower);
  return match === undefined ? undefined : entries[match];
}
