import type { ClientConfig } from 'pg';

import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { pgClient, runQueryRows } from '../../support/sql-api-clients';

const { adminToken } = sharedQuarry();

const byStatus = (status: string) => ({
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_unique_order_count', 'orders_total_order_amount'],
  filters: { dimensions: { id: 'root', and: [{ id: 'f1', target: { fieldId: 'orders_status' }, operator: 'equals', values: [status] }] } },
  sorts: [{ fieldId: 'orders_status', descending: false }],
  limit: 500,
  tableCalculations: [],
});

describe('SQL API: node-postgres (extended protocol)', () => {
  let projectUuid: string;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
  });

  it('runs a parameterised query ($1) in a named prepared statement, twice, as runQuery answers', async () => {
    const client = await pgClient(adminToken, projectUuid);
    try {
      const text =
        'SELECT orders_status, orders_unique_order_count, orders_total_order_amount FROM orders WHERE orders_status = $1 GROUP BY orders_status';
      for (const status of ['completed', 'returned']) {
        const result = await client.query({ name: 'orders-of-status', text, values: [status], rowMode: 'array' });
        expect(result.fields.map((field) => [field.name, field.dataTypeID])).toEqual([
          ['orders_status', 25],
          ['orders_unique_order_count', 20],
          ['orders_total_order_amount', 701],
        ]);
        const expected = await runQueryRows(adminToken, projectUuid, byStatus(status), [
          'orders_status',
          'orders_unique_order_count',
          'orders_total_order_amount',
        ]);
        // node-postgres reads int8 as a string.
        expect(result.rows.map(([name, count, total]) => [name, Number(count), total])).toEqual(expected);
      }
    } finally {
      await client.end();
    }
  });

  it('lists explores and fields from information_schema with bound parameters', async () => {
    const client = await pgClient(adminToken, projectUuid);
    try {
      const tables = await client.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1",
        ['public'],
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['orders', 'customers']));
      const columns = await client.query(
        'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
        ['orders'],
      );
      expect(columns.rows).toEqual(
        expect.arrayContaining([
          { column_name: 'orders_status', data_type: 'text' },
          { column_name: 'orders_unique_order_count', data_type: 'bigint' },
        ]),
      );
    } finally {
      await client.end();
    }
  });

  it('returns binary results when asked, decoded to the same values', async () => {
    const text =
      'SELECT orders_status, orders_order_date_day, orders_unique_order_count, orders_total_order_amount FROM orders GROUP BY 1, 2 ORDER BY orders_order_date_day, orders_status LIMIT 5';
    const asText = await pgClient(adminToken, projectUuid);
    // node-postgres asks for binary results with `binary` (missing from its typings).
    const asBinary = await pgClient(adminToken, projectUuid, { binary: true } as Partial<ClientConfig>);
    try {
      const textRows = (await asText.query({ text, values: [] })).rows;
      const binaryRows = (await asBinary.query({ text, values: [] })).rows;
      expect(textRows).toHaveLength(5);
      expect(binaryRows).toEqual(textRows);
    } finally {
      await asText.end();
      await asBinary.end();
    }
  });

  it('answers an error, then serves the next statement on the same connection', async () => {
    const client = await pgClient(adminToken, projectUuid);
    try {
      await expect(client.query('SELECT nope FROM orders WHERE orders_status = $1', ['x'])).rejects.toMatchObject({ code: '42703' });
      const result = await client.query('SELECT orders_unique_order_count FROM orders WHERE orders_status = $1', ['completed']);
      expect(Number(result.rows[0].orders_unique_order_count)).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
