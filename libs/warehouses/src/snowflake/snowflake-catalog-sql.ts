import { snowflakeIdentifier } from './snowflake-options';

/** Columns of the given schemas of one database (information_schema is per database in Snowflake). */
export function snowflakeColumnsSql(database: string, schemaCount: number): string {
  const placeholders = Array.from({ length: schemaCount }, (_, i) => `$${i + 1}`).join(', ');
  return (
    `SELECT table_catalog AS "database", table_schema AS "schema", table_name AS "table", column_name AS "column", data_type ` +
    `AS "native_type"
    FROM ${snowflakeIdentifier(database)}.information_schema.columns
    WHERE lower(table_schema) IN (${placeholders})
    ORDER BY table_schema, table_name, ordinal_position`
  );
}

export const SNOWFLAKE_TABLES_SQL = `SELECT table_catalog AS "database", table_schema AS "schema", table_name AS "table"
  FROM information_schema.tables WHERE table_schema <> 'INFORMATION_SCHEMA' ORDER BY 1, 2, 3`;

export const SNOWFLAKE_CONTEXT_SQL =
  'SELECT CURRENT_DATABASE() AS "database", CURRENT_SCHEMA() AS "schema", CURRENT_WAREHOUSE() AS "warehouse", CURRENT_ROLE() AS "role"';
