import { WAREHOUSE_TYPES } from '@quarry/domain';

import { BigQueryAdapter } from '../bigquery/bigquery-adapter';
import { ClickHouseAdapter } from '../clickhouse/clickhouse-adapter';
import type { WarehouseConnectionConfig } from '../connections/warehouse-connection';
import { DatabricksAdapter } from '../databricks/databricks-adapter';
import { DuckDbAdapter } from '../duckdb/duckdb-adapter';
import { PostgresAdapter } from '../postgres/postgres-adapter';
import { SnowflakeAdapter } from '../snowflake/snowflake-adapter';
import { TrinoAdapter } from '../trino/trino-adapter';
import { createWarehouseAdapter } from './create-warehouse-adapter';

const context = { dataDir: '/nonexistent', folder: '/nonexistent' };
const expected = {
  postgres: PostgresAdapter,
  redshift: PostgresAdapter,
  snowflake: SnowflakeAdapter,
  bigquery: BigQueryAdapter,
  databricks: DatabricksAdapter,
  trino: TrinoAdapter,
  clickhouse: ClickHouseAdapter,
  duckdb: DuckDbAdapter,
} as const;

describe('createWarehouseAdapter', () => {
  it.each(WAREHOUSE_TYPES)('makes the %s adapter without connecting', async (type) => {
    const adapter = createWarehouseAdapter({ type } as WarehouseConnectionConfig, context);
    expect(adapter).toBeInstanceOf(expected[type]);
    expect(adapter.type).toBe(type);
    await adapter.close();
  });

  it('reports an unknown type naming the field', () => {
    expect(() => createWarehouseAdapter({ type: 'oracle' } as never, context)).toThrow(
      expect.objectContaining({ name: 'WarehouseConnectionError', data: { field: 'type', step: 'configuration' } }),
    );
  });

  it('reports missing fields from testConnection, naming them', async () => {
    const adapter = createWarehouseAdapter({ type: 'snowflake', account: 'acme' } as WarehouseConnectionConfig, context);
    await expect(adapter.testConnection()).rejects.toMatchObject({ data: { step: 'configuration', field: 'user' } });
  });
});
