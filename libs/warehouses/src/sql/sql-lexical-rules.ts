/** How a warehouse's SQL quotes and comments, as far as finding placeholders needs to know. */
export interface SqlLexicalRules {
  /** A backslash escapes the next character inside any quoted text (BigQuery, Databricks, ClickHouse). */
  backslashEscapes: boolean;
  /** `$tag$ … $tag$` and `$$ … $$` strings (PostgreSQL, DuckDB, Snowflake). */
  dollarQuotes: boolean;
  /** `#` starts a line comment (BigQuery, ClickHouse). */
  hashComments: boolean;
  /**
   * `/* … *\/` comments nest, as the SQL standard has them (PostgreSQL, DuckDB, Spark/Databricks,
   * ClickHouse): `/* a /* b *\/ c *\/` is one comment. Reading it as ending at the first `*\/`
   * put a placeholder outside a string that PostgreSQL read inside one (issue 31, finding 1).
   */
  nestedComments: boolean;
  /**
   * `` `name` `` is quoted (BigQuery, Databricks, ClickHouse; Trino's lexer reads it to refuse it); in PostgreSQL and DuckDB a backtick
   * quotes nothing.
   */
  backtickIdentifiers: boolean;
}

export const STANDARD_SQL: SqlLexicalRules = {
  backslashEscapes: false,
  dollarQuotes: false,
  hashComments: false,
  nestedComments: false,
  backtickIdentifiers: true,
};
/** PostgreSQL with standard_conforming_strings on (backslashes escape only in E'…' strings); the export session sets it. */
export const POSTGRES_SQL: SqlLexicalRules = {
  backslashEscapes: false,
  dollarQuotes: true,
  hashComments: false,
  nestedComments: true,
  backtickIdentifiers: false,
};
/** DuckDB's scanner is PostgreSQL's (E'…' strings, dollar quotes, nested comments, no backslash escapes elsewhere). */
export const DUCKDB_SQL: SqlLexicalRules = POSTGRES_SQL;
export const SNOWFLAKE_SQL: SqlLexicalRules = {
  backslashEscapes: true,
  dollarQuotes: true,
  hashComments: false,
  nestedComments: false,
  backtickIdentifiers: true,
};
export const BIGQUERY_SQL: SqlLexicalRules = {
  backslashEscapes: true,
  dollarQuotes: false,
  hashComments: true,
  nestedComments: false,
  backtickIdentifiers: true,
};
export const DATABRICKS_SQL: SqlLexicalRules = {
  backslashEscapes: true,
  dollarQuotes: false,
  hashComments: false,
  nestedComments: true,
  backtickIdentifiers: true,
};
export const TRINO_SQL: SqlLexicalRules = STANDARD_SQL;
export const CLICKHOUSE_SQL: SqlLexicalRules = {
  backslashEscapes: true,
  dollarQuotes: false,
  hashComments: true,
  nestedComments: true,
  backtickIdentifiers: true,
};
