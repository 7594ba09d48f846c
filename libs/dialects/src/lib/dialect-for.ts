import type { WarehouseType } from '@quarry/domain';

import { BigQueryDialect } from './dialects/bigquery.dialect';
import { ClickHouseDialect } from './dialects/clickhouse.dialect';
import { DatabricksDialect } from './dialects/databricks.dialect';
import { DuckDbDialect } from './dialects/duckdb.dialect';
import { PostgresDialect } from './dialects/postgres.dialect';
import { RedshiftDialect } from './dialects/redshift.dialect';
import { SnowflakeDialect } from './dialects/snowflake.dialect';
import { TrinoDialect } from './dialects/trino.dialect';
import type { SqlDialect } from './sql-dialect';

/** The dialect of a warehouse kind. Dialects are stateless, so one instance per kind is shared. */
export function dialectFor(type: WarehouseType): SqlDialect {
  const existing = instances.get(type);
  if (existing) return existing;
  const created = createDialect(type);
  instances.set(type, created);
  return created;
}

const instances = new Map<WarehouseType, SqlDialect>();

function createDialect(type: WarehouseType): SqlDialect {
  switch (type) {
    case 'postgres':
      return new PostgresDialect();
    case 'redshift':
      return new RedshiftDialect();
    case 'snowflake':
      return new SnowflakeDialect();
    case 'bigquery':
      return new BigQueryDialect();
    case 'databricks':
      return new DatabricksDialect();
    case 'trino':
      return new TrinoDialect();
    case 'clickhouse':
      return new ClickHouseDialect();
    case 'duckdb':
      return new DuckDbDialect();
  }
}
