import { dialectFor } from '@quarry/dialects';
import type { Explore, MetricQuery } from '@quarry/domain';
import type { Client } from 'pg';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';
import { comparableRows, jafflePostgresClient } from './test/postgres-client';

/** The payments explore with its joins' relationships declared, and orders keyed by order_id when asked. */
function paymentsExplore(withPrimaryKey: boolean): Explore {
  const explore = structuredClone(jaffleExplore('payments'));
  for (const join of explore.joinedTables) join.relationship = 'many-to-one';
  const orders = explore.tables['orders'];
  if (orders && withPrimaryKey) orders.primaryKey = ['order_id'];
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

describe('fan-out protection', () => {
  const postgres = dialectFor('postgres');
  let client: Client;
  beforeAll(async () => {
    client = await jafflePostgresClient();
  });
  afterAll(async () => {
    await client.end();
  });

  async function rows(explore: Explore, metricQuery: MetricQuery): Promise<unknown[][]> {
    const compiled = compile(explore, metricQuery, postgres);
    const result = await client.query<Record<string, unknown>>(compiled.sql, compiled.params);
    return result.rows.map((row) => Object.keys(compiled.fields).map((id) => row[id]));
  }

  const hand = async (sql: string): Promise<unknown[][]> => (await client.query({ text: sql, rowMode: 'array' })).rows as unknown[][];

  it('computes an inflated table’s metrics over its distinct keys in cte_keys_/cte_metrics_ CTEs', () => {
    const compiled = compile(
      paymentsExplore(true),
      query({
        dimensions: ['payments_payment_method'],
        metrics: ['orders_total_order_amount', 'payments_total_revenue', 'orders_unique_order_count'],
      }),
      postgres,
    );
    expect(compiled.sql).toContain(
      '"cte_keys_orders" AS (\nSELECT DISTINCT\n  "payments".payment_method AS "payments_payment_method",\n  "orders".order_id AS "pk_order_id"',
    );
    expect(compiled.sql).toContain(
      'LEFT OUTER JOIN "postgres"."jaffle"."orders" AS "orders"\n  ON "cte_keys_orders"."pk_order_id" = "orders".order_id',
    );
    expect(compiled.sql).toContain('cte_unaffected AS (');
    // count_distinct cannot be inflated: it stays in the plain aggregate.
    const unaffected = compiled.sql.slice(compiled.sql.indexOf('cte_unaffected AS ('), compiled.sql.indexOf('"cte_keys_orders" AS ('));
    expect(unaffected).toContain('COUNT(DISTINCT "orders".order_id) AS "orders_unique_order_count"');
    expect(unaffected).not.toContain('"orders_total_order_amount"');
    expect(compiled.warnings).toEqual([]);
  });

  it('returns the amounts of each order once per group, beside the payments’ own metrics', async () => {
    const actual = await rows(
      paymentsExplore(true),
      query({ dimensions: ['payments_payment_method'], metrics: ['orders_total_order_amount', 'payments_total_revenue'] }),
    );
    const expected = await hand(`
      SELECT o.payment_method, o.total, p.revenue FROM
        (SELECT payment_method, SUM(amount) AS total FROM (SELECT DISTINCT p.payment_method, o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s GROUP BY 1) o
        JOIN (SELECT payment_method, SUM(amount) AS revenue FROM jaffle.payments GROUP BY 1) p ON p.payment_method = o.payment_method`);
    expect(comparableRows(actual, false)).toEqual(comparableRows(expected, false));
  });

  it('works without dimensions', async () => {
    const actual = await rows(paymentsExplore(true), query({ metrics: ['orders_total_order_amount'] }));
    const expected = await hand(
      'SELECT SUM(amount) FROM (SELECT DISTINCT o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s',
    );
    expect(comparableRows(actual, true)).toEqual(comparableRows(expected, true));
    const naive = await hand('SELECT SUM(o.amount) FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id');
    expect(comparableRows(actual, true)).not.toEqual(comparableRows(naive, true));
  });

  it('warns, naming the metrics and tables, when the inflated table has no primary key', () => {
    const { warnings, sql } = compile(
      paymentsExplore(false),
      query({ dimensions: ['payments_payment_method'], metrics: ['orders_total_order_amount', 'orders_unique_order_count'] }),
      postgres,
    );
    expect(sql).not.toContain('cte_keys_');
    expect(warnings).toEqual([expect.objectContaining({ fields: ['orders_total_order_amount'], tables: ['orders'] })]);
  });
});
