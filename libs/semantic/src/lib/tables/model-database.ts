import type { WarehouseType } from '@quarry/domain';

import type { TransformModel } from '../project/transform-project';

/**
 * The database a model lives in. The transform tool leaves it null on warehouses without that
 * level: ClickHouse has none (relations are schema.table) and Databricks falls back to its
 * default catalog. Elsewhere a missing database is an error in the project.
 */
export function modelDatabase(model: TransformModel, warehouseType: WarehouseType): string {
  if (model.database !== null) return model.database;
  switch (warehouseType) {
    case 'clickhouse':
      return '';
    case 'databricks':
      return 'DEFAULT';
    case 'postgres':
    case 'redshift':
    case 'snowflake':
    case 'bigquery':
    case 'trino':
    case 'duckdb':
      throw new Error(`Model "${model.name}" has no database; ${warehouseType} relations need one`);
  }
}
