import { dialectFor } from '@quarry/dialects';
import type { Explore, Metric, MetricQuery } from '@quarry/domain';
import type { Client } from 'pg';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';
import { comparableRows, jafflePostgresClient } from './test/postgres-client';

/**
 * The payments explore repeats each order once per payment. Order amounts summed "distinct by
 * order" must count each order once per group — what sum_distinct / average_distinct are for.
 */
function paymentsWithDistinctMetrics(): Explore {
  const explore = structuredClone(jaffleExplore('payments'));
  const orders = explore.tables['orders'];
  const total = orders?.metrics['total_order_amount'] as Metric;
  if (orders) {
    orders.metrics['distinct_amount'] = {
      ...total,
      name: 'distinct_amount',
      type: 'sum_distinct',
      sql: '${TABLE}.amount',
      distinctKeys: ['"orders".order_id'],
    };
    orders.metrics['distinct_average'] = {
      ...total,
      name: 'distinct_average',
      type: 'average_distinct',
      sql: '${amount}',
      distinctKeys: ['"orders".order_id'],
    };
  }
  return explore;
}

const query = (parts: Partial<MetricQuery>): MetricQuery => ({
  exploreName: 'payments',
  dimensions: [],
  metrics: [],
  filters: {},
  sorts: [],
  limit: 500,
  tableCalculations: [],
  ...parts,
});

describe('sum_distinct and average_distinct', () => {
  const explore = paymentsWithDistinctMetrics();
  const postgres = dialectFor('postgres');
  let client: Client;
  beforeAll(async () => {
    client = await jafflePostgresClient();
  });
  afterAll(async () => {
    await client.end();
  });

  async function rows(compiledQuery: MetricQuery): Promise<unknown[][]> {
    const compiled = compile(explore, compiledQuery, postgres);
    const result = await client.query<Record<string, unknown>>(compiled.sql, compiled.params);
    return result.rows.map((row) => Object.keys(compiled.fields).map((id) => row[id]));
  }

  async function hand(sql: string): Promise<unknown[][]> {
    return (await client.query({ text: sql, rowMode: 'array' })).rows as unknown[][];
  }

  it('are computed in dd_ CTEs joined to the other metrics on the dimensions', () => {
    const { sql } = compile(
      explore,
      query({ dimensions: ['orders_status'], metrics: ['orders_distinct_amount', 'payments_total_revenue'] }),
      postgres,
    );
    expect(sql).toContain('dd_base AS (');
    expect(sql).toContain('"dd_orders_distinct_amount" AS (');
    expect(sql).toContain('ROW_NUMBER() OVER (PARTITION BY "orders".status, ("orders".order_id) ORDER BY ("orders".amount) NULLS LAST)');
    expect(sql).toContain('SUM(CASE WHEN "__dd_rn" = 1 THEN "__dd_val" ELSE NULL END) AS "orders_distinct_amount"');
    expect(sql).toContain(
      '("dd_base"."orders_status" = "dd_orders_distinct_amount"."orders_status" OR ("dd_base"."orders_status" IS NULL AND "dd_orders_distinct_amount"."orders_status" IS NULL))',
    );
  });

  it('count each key once per group, beside ordinary metrics', async () => {
    const actual = await rows(
      query({ dimensions: ['orders_status'], metrics: ['orders_distinct_amount', 'orders_distinct_average', 'payments_total_revenue'] }),
    );
    const expected = await hand(`
      SELECT d.status, d.total, d.average, p.revenue FROM
        (SELECT status, SUM(amount) AS total, AVG(amount::float8) AS average FROM (SELECT DISTINCT o.status, o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s GROUP BY 1) d
        JOIN (SELECT o.status, SUM(p.amount) AS revenue FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id GROUP BY 1) p ON p.status IS NOT DISTINCT FROM d.status`);
    expect(comparableRows(actual, false)).toEqual(comparableRows(expected, false));
    // A plain SUM over the joined rows would differ: the test can tell the two apart.
    const plain = await hand('SELECT SUM(o.amount) FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id');
    const distinct = await hand(
      'SELECT SUM(amount) FROM (SELECT DISTINCT o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s',
    );
    expect(comparableRows(plain, true)).not.toEqual(comparableRows(distinct, true));
  });

  it('work without dimensions and without other metrics', async () => {
    const actual = await rows(query({ metrics: ['orders_distinct_amount'] }));
    const expected = await hand(
      'SELECT SUM(amount) FROM (SELECT DISTINCT o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s',
    );
    expect(comparableRows(actual, true)).toEqual(comparableRows(expected, true));
  });

  it('are refused as custom metrics, which cannot declare distinct keys', () => {
    expect(() =>
      compile(
        explore,
        query({ metrics: ['orders_x'], additionalMetrics: [{ name: 'x', table: 'orders', type: 'sum_distinct', sql: '${TABLE}.amount' }] }),
        postgres,
      ),
    ).toThrow(expect.objectContaining({ name: 'ParameterError', data: { fieldId: 'orders_x', type: 'sum_distinct' } }));
  });
});
