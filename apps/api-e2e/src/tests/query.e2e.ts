import { Client } from 'pg';

import { call } from '../support/api-client';
import { compiledJaffleProject as compiledProject, JAFFLE_WAREHOUSES as warehouses } from '../support/jaffle-projects';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken } = sharedQuarry();

const byStatus = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
  filters: {},
  sorts: [{ fieldId: 'orders_status', descending: false }],
  limit: 500,
  tableCalculations: [],
};

/** The same answer written by hand, straight on PostgreSQL. */
async function expectedByStatus(): Promise<Array<{ status: string; total: number; orders: number }>> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const result = await client.query(
      'SELECT status, SUM(amount)::float AS total, COUNT(DISTINCT order_id)::int AS orders FROM jaffle.orders GROUP BY status ORDER BY status',
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

describe('runQuery (E4) and compileQuery (E5) on the jaffle-shop fixture', () => {
  it.each(Object.entries(warehouses))('returns formatted rows equal to hand-written SQL on %s', async (_, warehouse) => {
    const projectUuid = await compiledProject(warehouse);
    const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: adminToken,
      body: byStatus,
    });
    expect(response.status).toBe(200);
    const { rows, fields, cacheMetadata, metricQuery } = response.body.results;
    expect(Object.keys(fields).sort()).toEqual(['orders_status', 'orders_total_order_amount', 'orders_unique_order_count']);
    expect(cacheMetadata).toMatchObject({ cacheHit: false, cacheKey: expect.stringMatching(/^results:[0-9a-f]{64}$/) });
    expect(metricQuery).toMatchObject({ exploreName: 'orders', dimensions: ['orders_status'] });
    const expected = await expectedByStatus();
    expect(
      rows.map((row: Record<string, { value: { raw: unknown } }>) => ({
        status: row['orders_status']?.value.raw,
        total: row['orders_total_order_amount']?.value.raw,
        orders: row['orders_unique_order_count']?.value.raw,
      })),
    ).toEqual(expected);
    expect(typeof rows[0].orders_total_order_amount.value.formatted).toBe('string');

    // The same query again comes from the results cache; invalidateCache reads the warehouse.
    const again = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: adminToken,
      body: byStatus,
    });
    expect(again.body.results.cacheMetadata).toMatchObject({
      cacheHit: true,
      cacheKey: cacheMetadata.cacheKey,
      cacheUpdatedTime: cacheMetadata.cacheUpdatedTime,
    });
    expect(again.body.results.rows).toEqual(rows);
    const fresh = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: adminToken,
      body: { ...byStatus, invalidateCache: true },
    });
    expect(fresh.body.results.cacheMetadata.cacheHit).toBe(false);
    expect(fresh.body.results.rows).toEqual(rows);
  });

  it('binds filter values: an injection attempt is only a value, and the tables stay intact', async () => {
    const projectUuid = await compiledProject(warehouses.postgres);
    const hostile = "'; DROP TABLE jaffle.orders; --";
    const body = {
      ...byStatus,
      filters: {
        dimensions: {
          id: 'root',
          and: [{ id: 'f1', target: { fieldId: 'orders_status' }, operator: 'equals', values: [hostile, 'completed'] }],
        },
      },
    };
    const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: adminToken, body });
    expect(response.status).toBe(200);
    expect(response.body.results.rows.map((row: Record<string, { value: { raw: unknown } }>) => row['orders_status']?.value.raw)).toEqual([
      'completed',
    ]);
    expect(await expectedByStatus()).toHaveLength(5);

    const compiled = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/compileQuery`, {
      token: adminToken,
      body,
    });
    expect(compiled.status).toBe(200);
    // Shown inline for reading, escaped as the reference does: quotes doubled, comment markers dropped.
    expect(compiled.body.results.query).toContain("IN ('''; DROP TABLE jaffle.orders; ','completed')");
    expect(compiled.body.results.parameterReferences).toEqual([]);
  });

  it('answers 400 naming an unknown field, and enforces roles and the limit', async () => {
    const projectUuid = await compiledProject(warehouses.duckdb);
    const unknown = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: adminToken,
      body: { ...byStatus, dimensions: ['orders_nope'] },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.error)).toContain('orders_nope');

    const tooMany = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: adminToken,
      body: { ...byStatus, limit: 5001 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/can not exceed 5000/);

    const viewer = await userWithToken('viewer');
    expect(
      (await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: viewer.token, body: byStatus }))
        .status,
    ).toBe(403);
    expect(
      (await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/compileQuery`, { token: viewer.token, body: byStatus }))
        .status,
    ).toBe(200);
  });
});
