// SQL dialects: what differs between warehouses when writing SQL. Pure.
export { DEFAULT_START_OF_WEEK, weekStartOf } from './lib/calendar';
export { dialectFor } from './lib/dialect-for';
export { BigQueryDialect } from './lib/dialects/bigquery.dialect';
export { ClickHouseDialect } from './lib/dialects/clickhouse.dialect';
export { DatabricksDialect } from './lib/dialects/databricks.dialect';
export { DuckDbDialect } from './lib/dialects/duckdb.dialect';
export { PostgresDialect } from './lib/dialects/postgres.dialect';
export { RedshiftDialect } from './lib/dialects/redshift.dialect';
export { SnowflakeDialect } from './lib/dialects/snowflake.dialect';
export { TrinoDialect } from './lib/dialects/trino.dialect';
export { escapeStringDefault, escapeStringWithBackslashQuote } from './lib/escape-string';
export { shortIdentifier } from './lib/short-identifier';
export { type MetricSqlOptions, type SessionVariable, SqlDialect, type TimeSqlOptions } from './lib/sql-dialect';
export {
  type DateName,
  type DatePart,
  type IntervalUnit,
  TIME_FRAME_SQL_KINDS,
  type TimeFrameSqlKind,
  type TruncationUnit,
} from './lib/time-units';
export { type FragmentSyntax, fragmentSyntaxOf } from './lib/user-sql/fragment-syntax';
export { oneExpressionProblem } from './lib/user-sql/one-expression';
