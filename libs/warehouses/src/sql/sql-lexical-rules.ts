/** How a warehouse's SQL quotes and comments, as far as finding placeholders needs to know. */
export interface SqlLexicalRules {
  /** A backslash escapes the next character inside any quoted text (BigQuery, Databricks, ClickHouse). */
  backslashEscapes: boolean;
  /** `$tag$ … $tag$` and `$$ … $$` strings (PostgreSQL, DuckDB, Snowflake). */
  dollarQuotes: boolean;
  /** `#` starts a line comment (BigQuery, ClickHouse). */
  hashComments: boolean;
}

export const STANDARD_SQL: SqlLexicalRules = { backslashEscapes: false, dollarQuotes: false, hashComments: false };
export const POSTGRES_SQL: SqlLexicalRules = { backslashEscapes: false, dollarQuotes: true, hashComments: false };
/** DuckDB quotes as PostgreSQL does (E'…' strings, dollar quotes, no backslash escapes elsewhere). */
export const DUCKDB_SQL: SqlLexicalRules = POSTGRES_SQL;
export const SNOWFLAKE_SQL: SqlLexicalRules = { backslashEscapes: true, dollarQuotes: true, hashComments: false };
export const BIGQUERY_SQL: SqlLexicalRules = { backslashEscapes: true, dollarQuotes: false, hashComments: true };
export const DATABRICKS_SQL: SqlLexicalRules = { backslashEscapes: true, dollarQuotes: false, hashComments: false };
export const TRINO_SQL: SqlLexicalRules = STANDARD_SQL;
export const CLICKHOUSE_SQL: SqlLexicalRules = { backslashEscapes: true, dollarQuotes: false, hashComments: true };
