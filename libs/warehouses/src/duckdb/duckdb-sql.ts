/** Catalog and listing queries for DuckDB (its information_schema covers every attached database). */
export function duckDbColumnsSql(schemaCount: number): string {
  const placeholders = Array.from({ length: schemaCount }, (_, i) => `$${i + 1}`).join(', ');
  return (
    `SELECT table_catalog AS "database", table_schema AS "schema", table_name AS "table", column_name AS "column", data_type ` +
    `AS native_type
    FROM information_schema.columns
    WHERE lower(table_schema) IN (${placeholders})
    ORDER BY table_catalog, table_schema, table_name, ordinal_position`
  );
}

export const DUCKDB_TABLES_SQL = `SELECT table_catalog AS "database", table_schema AS "schema", table_name AS "table"
  FROM information_schema.tables
  WHERE table_catalog NOT IN ('system', 'temp') AND table_schema NOT IN ('information_schema', 'pg_catalog')
  ORDER BY 1, 2, 3`;
