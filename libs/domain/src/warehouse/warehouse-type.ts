/** Warehouse kinds a project can connect to: the reference's seven plus our embedded DuckDB. */
export const WAREHOUSE_TYPES = ['postgres', 'redshift', 'snowflake', 'bigquery', 'databricks', 'trino', 'clickhouse', 'duckdb'] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];

export function isWarehouseType(value: unknown): value is WarehouseType {
  return typeof value === 'string' && (WAREHOUSE_TYPES as readonly string[]).includes(value);
}
