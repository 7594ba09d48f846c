import IORedis from 'ioredis';
import { Client } from 'pg';

import { call } from '../support/api-client';
import { MACHINE_REDIS_URL } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken, env } = sharedQuarry();

type Cell = { value: { raw: unknown; formatted: string } };
type Row = Record<string, Cell>;

const byStatus = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
  filters: {},
  sorts: [{ fieldId: 'orders_status', descending: false }],
  // Not runQuery's limit: the results cache is shared by identical SQL on one warehouse.
  limit: 499,
  tableCalculations: [],
};

async function handRows(sql: string): Promise<unknown[][]> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    return (await client.query({ text: sql, rowMode: 'array' })).rows as unknown[][];
  } finally {
    await client.end();
  }
}

function execute(projectUuid: string, body: Record<string, unknown>, token = adminToken) {
  return call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, { token, body });
}

function page(projectUuid: string, queryUuid: string, query = '', token = adminToken) {
  return call(baseUrl, 'GET', `/api/v2/projects/${projectUuid}/query/${queryUuid}${query}`, { token });
}

async function ready(projectUuid: string, queryUuid: string, query = '') {
  return waitFor(`query ${queryUuid}`, async () => {
    const response = await page(projectUuid, queryUuid, query);
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    if (response.body.results.status === 'error') throw new Error(response.body.results.error);
    return response.body.results.status === 'ready' ? response.body.results : undefined;
  });
}

describe('v2 metric queries (E12)', () => {
  let duckProject: string;
  let pgProject: string;
  beforeAll(async () => {
    [duckProject, pgProject] = await Promise.all([
      compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb),
      compiledJaffleProject(JAFFLE_WAREHOUSES.postgres),
    ]);
  }, 120_000);

  it('answers with a queryUuid at once, then pages through rows equal to hand-written SQL', async () => {
    const executed = await execute(duckProject, { query: byStatus, context: 'api', invalidateCache: true });
    expect(executed.status).toBe(200);
    const { queryUuid, cacheMetadata, fields, metricQuery, warnings, parameterReferences, usedParametersValues } = executed.body.results;
    expect(queryUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cacheMetadata).toMatchObject({ cacheHit: false, cacheKey: expect.stringMatching(/^results:/) });
    expect(Object.keys(fields).sort()).toEqual(['orders_status', 'orders_total_order_amount', 'orders_unique_order_count']);
    expect(metricQuery).toMatchObject({ exploreName: 'orders', dimensions: ['orders_status'] });
    expect(warnings).toEqual([]);
    expect(parameterReferences).toEqual([]);
    expect(usedParametersValues).toEqual({});

    const first = await ready(duckProject, queryUuid, '?page=1&pageSize=2');
    const expected = await handRows(
      'SELECT status, SUM(amount)::float, COUNT(DISTINCT order_id)::int FROM jaffle.orders GROUP BY status ORDER BY status',
    );
    expect(first).toMatchObject({
      status: 'ready',
      queryUuid,
      page: 1,
      pageSize: 2,
      totalResults: expected.length,
      totalPageCount: Math.ceil(expected.length / 2),
      nextPage: 2,
      pivotDetails: null,
    });
    expect(first.previousPage).toBeUndefined();
    expect(first.columns).toEqual({
      orders_status: { reference: 'orders_status', type: 'string' },
      orders_total_order_amount: { reference: 'orders_total_order_amount', type: 'number' },
      orders_unique_order_count: { reference: 'orders_unique_order_count', type: 'number' },
    });
    const all: Row[] = [...first.rows];
    for (let next = first.nextPage; next !== undefined;) {
      const results = (await page(duckProject, queryUuid, `?page=${next}&pageSize=2`)).body.results;
      expect(results.previousPage).toBe(next - 1);
      all.push(...results.rows);
      next = results.nextPage;
    }
    expect(
      all.map((row) => [
        row['orders_status']?.value.raw,
        row['orders_total_order_amount']?.value.raw,
        row['orders_unique_order_count']?.value.raw,
      ]),
    ).toEqual(expected);
    expect(typeof all[0]?.['orders_total_order_amount']?.value.formatted).toBe('string');

    // Default page size holds them all; bad paging is a 400 naming the parameter.
    expect((await page(duckProject, queryUuid)).body.results).toMatchObject({ page: 1, pageSize: expected.length, totalPageCount: 1 });
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=5001', 'pageSize'],
      ['?page=9&pageSize=2', 'page'],
      ['?page=abc', 'page'],
    ] as const) {
      const bad = await page(duckProject, queryUuid, query);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.error)).toContain(field);
    }
  });

  it('serves a repeated query from the results cache, ready at once; invalidateCache forces a miss', async () => {
    const body = { query: { ...byStatus, limit: 3 } };
    const first = (await execute(pgProject, body)).body.results;
    await ready(pgProject, first.queryUuid);
    const again = (await execute(pgProject, body)).body.results;
    expect(again.cacheMetadata).toMatchObject({ cacheHit: true, cacheKey: first.cacheMetadata.cacheKey });
    expect((await page(pgProject, again.queryUuid)).body.results).toMatchObject({ status: 'ready', totalResults: 3 });
    const fresh = (await execute(pgProject, { ...body, invalidateCache: true })).body.results;
    expect(fresh.cacheMetadata.cacheHit).toBe(false);
  });

  it('pivots in SQL: one row per month, one column per status, with pivotDetails', async () => {
    const executed = await execute(duckProject, {
      query: { ...byStatus, dimensions: ['orders_order_date_month', 'orders_status'], metrics: ['orders_total_order_amount'], sorts: [] },
      pivotConfiguration: {
        indexColumn: { reference: 'orders_order_date_month', type: 'time' },
        valuesColumns: [{ reference: 'orders_total_order_amount', aggregation: 'sum' }],
        groupByColumns: [{ reference: 'orders_status' }],
        sortBy: [{ reference: 'orders_order_date_month', direction: 'ASC' }],
      },
    });
    expect(executed.status).toBe(200);
    const results = await ready(duckProject, executed.body.results.queryUuid);
    const statuses = ['completed', 'placed', 'return_pending', 'returned', 'shipped'];
    expect(results.pivotDetails).toMatchObject({
      totalColumnCount: 5,
      indexColumn: [{ reference: 'orders_order_date_month', type: 'time' }],
      groupByColumns: [{ reference: 'orders_status' }],
      originalColumns: { orders_status: { reference: 'orders_status', type: 'string' } },
    });
    expect(results.pivotDetails.valuesColumns.map((column: { pivotColumnName: string }) => column.pivotColumnName)).toEqual(
      statuses.map((s) => `orders_total_order_amount_sum_${s}`),
    );
    expect(results.pivotDetails.valuesColumns[0]).toMatchObject({
      referenceField: 'orders_total_order_amount',
      aggregation: 'sum',
      pivotValues: [{ referenceField: 'orders_status', value: 'completed', formatted: 'completed' }],
    });
    const expected = await handRows(
      `SELECT TO_CHAR(DATE_TRUNC('month', order_date), 'YYYY-MM-DD"T"00:00:00.000"Z"'), ${statuses.map((s) => `SUM(amount) FILTER (WHERE status = '${s}')::float`).join(', ')} FROM jaffle.orders GROUP BY 1 ORDER BY 1`,
    );
    expect(
      results.rows.map((row: Row) => [
        row['orders_order_date_month']?.value.raw,
        ...statuses.map((s) => row[`orders_total_order_amount_sum_${s}`]?.value.raw),
      ]),
    ).toEqual(expected);
  });

  it('cancels a running query in the warehouse', async () => {
    const marker = `quarry_cancel_${Date.now()}`;
    const executed = await execute(pgProject, {
      query: {
        ...byStatus,
        dimensions: ['slow'],
        metrics: ['orders_unique_order_count'],
        sorts: [],
        // Sleeps a second per row: minutes in all, unless cancelled. The marker finds it in pg_stat_activity.
        customDimensions: [
          {
            id: 'slow',
            name: 'Slow',
            table: 'orders',
            type: 'sql',
            sql: `\${orders.status} || (SELECT '${marker}' FROM pg_sleep(1))`,
            dimensionType: 'string',
          },
        ],
      },
      invalidateCache: true,
    });
    expect(executed.status).toBe(200);
    const { queryUuid } = executed.body.results;
    const running = async () =>
      (
        await handRows(
          `SELECT pid FROM pg_stat_activity WHERE query LIKE '%${marker}%' AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`,
        )
      ).length;
    await waitFor('the query to reach the warehouse', async () => ((await running()) > 0 ? true : undefined));
    expect((await page(pgProject, queryUuid)).body.results).toEqual({ status: 'pending', queryUuid });

    const cancelled = await call(baseUrl, 'POST', `/api/v2/projects/${pgProject}/query/${queryUuid}/cancel`, { token: adminToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('ok');
    await waitFor('the warehouse query to stop', async () => ((await running()) === 0 ? true : undefined), 10_000);
    expect((await page(pgProject, queryUuid)).body.results).toEqual({ status: 'cancelled', queryUuid });
  });

  it('keeps queries to their owner, checks roles, and names bad input', async () => {
    const executed = (await execute(duckProject, { query: byStatus })).body.results;
    // Not an admin: another suite counts the shared organization's admins.
    const other = await userWithToken('developer');
    expect((await page(duckProject, executed.queryUuid, '', other.token)).status).toBe(404);
    expect(
      (await call(baseUrl, 'POST', `/api/v2/projects/${duckProject}/query/${executed.queryUuid}/cancel`, { token: other.token })).status,
    ).toBe(404);
    expect((await page(duckProject, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await page(pgProject, executed.queryUuid)).status).toBe(404);

    const viewer = await userWithToken('viewer');
    expect((await execute(duckProject, { query: byStatus }, viewer.token)).status).toBe(403);
    // Custom SQL runs arbitrary SQL on the warehouse: developers may, interactive viewers may not.
    const customSql = {
      query: {
        ...byStatus,
        dimensions: ['custom'],
        sorts: [],
        customDimensions: [
          { id: 'custom', name: 'Custom', table: 'orders', type: 'sql', sql: 'UPPER(${orders.status})', dimensionType: 'string' },
        ],
      },
    };
    const interactive = await userWithToken('interactive_viewer');
    expect((await execute(duckProject, { query: byStatus }, interactive.token)).status).toBe(200);
    expect((await execute(duckProject, customSql, interactive.token)).status).toBe(403);
    const developer = await userWithToken('developer');
    expect((await execute(duckProject, customSql, developer.token)).status).toBe(200);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ query: { ...byStatus, metrics: ['orders_nope'] } }, 'orders_nope'],
      [{ query: { ...byStatus, limit: 5001 } }, 'limit'],
      [
        {
          query: {
            ...byStatus,
            filters: {
              dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_amount' }, operator: 'equals', values: ['ten'] }] },
            },
          },
        },
        'orders_amount',
      ],
      [
        { query: { ...byStatus, tableCalculations: [{ name: 'ratio', displayName: 'Ratio', sql: '${orders.amount} / 2' }] } },
        'orders.amount',
      ],
      [{ query: byStatus, context: 'nowhere' }, 'context'],
      [
        { query: byStatus, pivotConfiguration: { valuesColumns: [{ reference: 'orders_nope', aggregation: 'sum' }] } },
        'pivotConfiguration.valuesColumns[0].reference',
      ],
      [
        { query: byStatus, pivotConfiguration: { valuesColumns: [{ reference: 'orders_total_order_amount', aggregation: 'median' }] } },
        'aggregation',
      ],
      [
        {
          query: {
            ...byStatus,
            filters: {
              dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator: 'sounds_like', values: ['x'] }] },
            },
          },
        },
        'sounds_like',
      ],
    ];
    for (const [body, culprit] of cases) {
      const response = await execute(duckProject, body);
      expect([response.status, JSON.stringify(response.body.error)]).toEqual([400, expect.stringContaining(culprit)]);
    }
  });

  it('answers 406 once the results have expired', async () => {
    const executed = (await execute(duckProject, { query: { ...byStatus, limit: 2 }, invalidateCache: true })).body.results;
    await ready(duckProject, executed.queryUuid);
    const redis = new IORedis(MACHINE_REDIS_URL);
    try {
      await redis.del(
        `${env['QUEUE_PREFIX']}:query-results:${executed.queryUuid}:count`,
        `${env['QUEUE_PREFIX']}:query-results:${executed.queryUuid}`,
      );
    } finally {
      redis.disconnect();
    }
    const expired = await page(duckProject, executed.queryUuid);
    expect(expired.status).toBe(406);
    expect(expired.body.error.name).toBe('ExpiredError');
  });
});
