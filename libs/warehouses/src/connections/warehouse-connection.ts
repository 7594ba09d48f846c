import type { WarehouseType } from '@quarry/domain';

import { BIGQUERY_SECRET_FIELDS, BIGQUERY_SESSION_FIELDS, type BigqueryConnectionConfig } from './bigquery-connection';
import { CLICKHOUSE_SECRET_FIELDS, CLICKHOUSE_SESSION_FIELDS, type ClickhouseConnectionConfig } from './clickhouse-connection';
import { DATABRICKS_SECRET_FIELDS, DATABRICKS_SESSION_FIELDS, type DatabricksConnectionConfig } from './databricks-connection';
import { DUCKDB_SECRET_FIELDS, DUCKDB_SESSION_FIELDS, type DuckdbConnectionConfig } from './duckdb-connection';
import { POSTGRES_SECRET_FIELDS, POSTGRES_SESSION_FIELDS, type PostgresConnectionConfig } from './postgres-connection';
import { REDSHIFT_SECRET_FIELDS, REDSHIFT_SESSION_FIELDS, type RedshiftConnectionConfig } from './redshift-connection';
import { SNOWFLAKE_SECRET_FIELDS, SNOWFLAKE_SESSION_FIELDS, type SnowflakeConnectionConfig } from './snowflake-connection';
import { TRINO_SECRET_FIELDS, TRINO_SESSION_FIELDS, type TrinoConnectionConfig } from './trino-connection';

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

/**
 * Per kind, the fields that only shape what a signed-in session does (schema, timeouts, threads,
 * tags…). A connection may change them and still use credentials stored for another connection.
 * Every other field that is not a secret (host, port, database, user, account, warehouse, project,
 * catalog, HTTP path, endpoint URL, SSH tunnel, TLS mode, role…) is the credentials' identity:
 * where they are sent and whose they are. A field missing here counts as identity, so a field
 * added to a kind is safe until someone decides it is only a setting.
 */
export const WAREHOUSE_SESSION_FIELDS: { readonly [T in WarehouseType]: readonly (keyof WarehouseConnectionConfigOf<T>)[] } = {
  postgres: POSTGRES_SESSION_FIELDS,
  redshift: REDSHIFT_SESSION_FIELDS,
  snowflake: SNOWFLAKE_SESSION_FIELDS,
  bigquery: BIGQUERY_SESSION_FIELDS,
  databricks: DATABRICKS_SESSION_FIELDS,
  trino: TRINO_SESSION_FIELDS,
  clickhouse: CLICKHOUSE_SESSION_FIELDS,
  duckdb: DUCKDB_SESSION_FIELDS,
};
