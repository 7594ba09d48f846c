import type { WarehouseType } from '@quarry/domain';

import { BIGQUERY_SECRET_FIELDS, type BigqueryConnectionConfig } from './bigquery-connection';
import { CLICKHOUSE_SECRET_FIELDS, type ClickhouseConnectionConfig } from './clickhouse-connection';
import { DATABRICKS_SECRET_FIELDS, type DatabricksConnectionConfig } from './databricks-connection';
import { DUCKDB_SECRET_FIELDS, type DuckdbConnectionConfig } from './duckdb-connection';
import { POSTGRES_SECRET_FIELDS, type PostgresConnectionConfig } from './postgres-connection';
import { REDSHIFT_SECRET_FIELDS, type RedshiftConnectionConfig } from './redshift-connection';
import { SNOWFLAKE_SECRET_FIELDS, type SnowflakeConnectionConfig } from './snowflake-connection';
import { TRINO_SECRET_FIELDS, type TrinoConnectionConfig } from './trino-connection';

/** A project's warehouse connection, discriminated on `type` (WarehouseConnection on the wire). */
export type WarehouseConnectionConfig =
  | PostgresConnectionConfig
  | RedshiftConnectionConfig
  | SnowflakeConnectionConfig
  | BigqueryConnectionConfig
  | DatabricksConnectionConfig
  | TrinoConnectionConfig
  | ClickhouseConnectionConfig
  | DuckdbConnectionConfig;

/** The connection config of one warehouse kind. */
export type WarehouseConnectionConfigOf<T extends WarehouseType> = Extract<WarehouseConnectionConfig, { type: T }>;

/**
 * Write-only fields per kind: accepted in requests, never returned or logged. As in the reference,
 * login names count as credentials too.
 */
export const WAREHOUSE_SECRET_FIELDS: { readonly [T in WarehouseType]: readonly (keyof WarehouseConnectionConfigOf<T>)[] } = {
  postgres: POSTGRES_SECRET_FIELDS,
  redshift: REDSHIFT_SECRET_FIELDS,
  snowflake: SNOWFLAKE_SECRET_FIELDS,
  bigquery: BIGQUERY_SECRET_FIELDS,
  databricks: DATABRICKS_SECRET_FIELDS,
  trino: TRINO_SECRET_FIELDS,
  clickhouse: CLICKHOUSE_SECRET_FIELDS,
  duckdb: DUCKDB_SECRET_FIELDS,
};
