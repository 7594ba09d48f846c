import { BigQueryAdapter } from '../bigquery/bigquery-adapter';
import { ClickHouseAdapter } from '../clickhouse/clickhouse-adapter';
import type { WarehouseConnectionConfig } from '../connections/warehouse-connection';
import { DatabricksAdapter } from '../databricks/databricks-adapter';
import { DuckDbAdapter } from '../duckdb/duckdb-adapter';
import { PostgresAdapter } from '../postgres/postgres-adapter';
import { SnowflakeAdapter } from '../snowflake/snowflake-adapter';
import { TrinoAdapter } from '../trino/trino-adapter';
import { configurationError } from './connection-error';
import type { WarehouseAdapter } from './warehouse-adapter';

/**
 * What adapters need from the process: DATA_DIR (temporary files), the folder an embedded
 * warehouse file's `path` resolves in (its organization's: see organizationDataFolder), and the
 * embedded engine's limits.
 */
export interface WarehouseContext {
  dataDir: string;
  folder: string;
  duckdb?: { memoryLimit?: string | undefined; memoryLimitMax?: string | undefined; threads?: number };
}

/**
 * The adapter for a connection. Nothing connects yet and SDKs load on first use: failures
 * surface from the first call (testConnection names the failing step).
 */
export function createWarehouseAdapter(config: WarehouseConnectionConfig, context: WarehouseContext): WarehouseAdapter {
  switch (config.type) {
    case 'postgres':
    case 'redshift':
      return new PostgresAdapter(config);
    case 'snowflake':
      return new SnowflakeAdapter(config);
    case 'bigquery':
      return new BigQueryAdapter(config);
    case 'databricks':
      return new DatabricksAdapter(config);
    case 'trino':
      return new TrinoAdapter(config);
    case 'clickhouse':
      return new ClickHouseAdapter(config);
    case 'duckdb':
      return new DuckDbAdapter(config, context);
    default:
      return unknownType(config);
  }
}

/** Configs arrive as JSON: a type outside the union is reported, naming the field. */
function unknownType(config: never): never {
  const type = (config as { type?: unknown } | null)?.type;
  throw configurationError('type', `Unknown warehouse type ${JSON.stringify(type)}`);
}
