// Warehouse adapters: one per warehouse kind behind one interface. Pure: no NestJS, no TypeORM.
export type { ConnectionStep } from './adapter/connection-error';
export { createWarehouseAdapter, type WarehouseContext } from './adapter/create-warehouse-adapter';
export {
  DEFAULT_BATCH_SIZE,
  type QueryOptions,
  type QueryResult,
  type ResultRow,
  type StreamQueryOptions,
  type WarehouseAdapter,
} from './adapter/warehouse-adapter';
export { BigQueryAdapter } from './bigquery/bigquery-adapter';
export { ClickHouseAdapter } from './clickhouse/clickhouse-adapter';
export * from './connections/bigquery-connection';
export * from './connections/clickhouse-connection';
export type { CommonConnectionFields, SshTunnelFields } from './connections/common-fields';
export * from './connections/connection-identity';
export * from './connections/databricks-connection';
export * from './connections/duckdb-connection';
export * from './connections/postgres-connection';
export * from './connections/redact-connection';
export * from './connections/redshift-connection';
export * from './connections/snowflake-connection';
export * from './connections/trino-connection';
export * from './connections/warehouse-connection';
export { DatabricksAdapter } from './databricks/databricks-adapter';
export { withoutDataDir } from './duckdb/data-dir-in-errors';
export { DuckDbAdapter } from './duckdb/duckdb-adapter';
export { closeDuckDbInstances, type DuckDbLimits, duckDbOpenOptions, READ_ONLY_DUCKDB_OPTIONS } from './duckdb/duckdb-instances';
export { resolveDuckDbPath } from './duckdb/duckdb-path';
export { RollupDuckDb, type RollupDuckDbOptions, type RollupFileColumn } from './duckdb/rollup-duckdb';
export { RollupSandboxes, type RollupSandboxesOptions } from './duckdb/rollup-sandboxes';
export { type CellValue, cellValueSql } from './native-csv/cell-value-sql';
export { formulaSafeCell, formulaSafeCellSql } from './native-csv/formula-safe-cell';
export {
  csvHeaderLine,
  type NativeColumn,
  type NativeCsv,
  type NativeCsvCell,
  type NativeCsvOutcome,
  type NativeCsvRequest,
  type NativeCsvToFile,
  type NativeCsvToStream,
} from './native-csv/native-csv';
export { isNativeCsvFallback, type RawCellAs, rawCellSql } from './native-csv/raw-cell-sql';
export { PostgresAdapter } from './postgres/postgres-adapter';
export type { QueryParam } from './query/query-params';
export { SnowflakeAdapter } from './snowflake/snowflake-adapter';
export { TrinoAdapter } from './trino/trino-adapter';
export { toJsonSafe } from './values/json-safe';
export type { QueryFields } from './values/result-columns';
