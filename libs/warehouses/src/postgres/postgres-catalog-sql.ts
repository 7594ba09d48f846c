/** A parameterised statement. */
export interface Statement {
  text: string;
  values: string[];
}

const placeholders = (from: number, count: number): string => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

/**
 * Columns of tables, views, materialized views, partitioned and foreign tables in the given
 * schemas. pg_catalog rather than information_schema, which leaves materialized views out.
 * Only the current database is visible in PostgreSQL.
 */
export function postgresColumnsStatement(schemas: readonly string[]): Statement {
  return {
    text: `SELECT current_database() AS "database", n.nspname AS "schema", c.relname AS "table", a.attname AS "column",
      format_type(a.atttypid, a.atttypmod) AS native_type
    FROM pg_catalog.pg_attribute a
    JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
      AND lower(n.nspname) IN (${placeholders(1, schemas.length)})
    ORDER BY n.nspname, c.relname, a.attnum`,
    values: schemas.map((schema) => schema.toLowerCase()),
  };
}

export const POSTGRES_TABLES_STATEMENT: Statement = {
  text: `SELECT current_database() AS "database", n.nspname AS "schema", c.relname AS "table"
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
    ORDER BY 2, 3`,
  values: [],
};

/** Redshift: svv_columns covers late-binding views and external (Spectrum) tables; RA3 also other databases. */
export function redshiftColumnsStatement(pairs: readonly { database: string; schema: string }[], ra3Node: boolean): Statement {
  const schemas = [...new Set(pairs.map((pair) => pair.schema.toLowerCase()))];
  if (!ra3Node) {
    return {
      text:
        `SELECT table_catalog AS "database", table_schema AS "schema", table_name AS "table", column_name AS "column", data_type ` +
        `AS native_type
        FROM svv_columns WHERE lower(table_schema) IN (${placeholders(1, schemas.length)})
        ORDER BY table_schema, table_name, ordinal_position`,
      values: schemas,
    };
  }
  const databases = [...new Set(pairs.map((pair) => pair.database.toLowerCase()))];
  return {
    text:
      `SELECT database_name AS "database", schema_name AS "schema", table_name AS "table", column_name AS "column", data_type ` +
      `AS native_type
      FROM svv_all_columns
      WHERE lower(database_name) IN (${placeholders(1, databases.length)}) AND lower(schema_name) IN ` +
      `(${placeholders(databases.length + 1, schemas.length)})
      ORDER BY database_name, schema_name, table_name, ordinal_position`,
    values: [...databases, ...schemas],
  };
}

export function redshiftTablesStatement(ra3Node: boolean): Statement {
  const [source, database, schema, table] = ra3Node
    ? ['svv_all_tables', 'database_name', 'schema_name', 'table_name']
    : ['svv_tables', 'table_catalog', 'table_schema', 'table_name'];
  return {
    text: `SELECT ${database} AS "database", ${schema} AS "schema", ${table} AS "table" FROM ${source}
      WHERE ${schema} NOT IN ('pg_catalog', 'information_schema', 'pg_internal', 'pg_automv') ORDER BY 1, 2, 3`,
    values: [],
  };
}

/** Whether the schema a connection is configured with exists (as spelled, or folded to lower case). */
export const SCHEMA_EXISTS_STATEMENT = 'SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1 OR nspname = lower($1)';
