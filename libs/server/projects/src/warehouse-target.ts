import { basename, extname } from 'node:path';

import type { TargetLocation } from '@quarry/semantic';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

/**
 * Where models land when a YAML-only project brings no profiles.yml: the warehouse connection's
 * own database and schema, under each kind's names for them.
 */
export function targetOfWarehouse(connection: WarehouseConnectionConfig): TargetLocation {
  switch (connection.type) {
    case 'postgres':
    case 'redshift':
    case 'trino':
      return { database: connection.dbname, schema: connection.schema };
    case 'snowflake':
      return { database: connection.database, schema: connection.schema };
    case 'bigquery':
      return { database: connection.project, schema: connection.dataset };
    case 'databricks':
      return { database: connection.catalog ?? null, schema: connection.database };
    case 'clickhouse':
      return { database: null, schema: connection.schema };
    case 'duckdb':
      return { database: basename(connection.path, extname(connection.path)), schema: 'main' };
  }
}
