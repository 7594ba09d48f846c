import { dialectFor } from '@quarry/dialects';
import type { Client } from 'pg';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';
import { comparableRows, jafflePostgresClient } from './test/postgres-client';
import { type NamedQuery, QUERY_SET } from './test/query-set';

/**
 * Each query of the shared set, compiled for PostgreSQL and run on the materialised fixture,
 * must return the rows of SQL written by hand from the fixture's models. Columns are compared
 * in the order of the result's `fields` (bins' `_order` helper columns are not fields).
 */
const EXPECTED: Record<string, { sql: string; keepOrder?: boolean }> = {
  'dimension and metric, explicit sort': { sql: 'SELECT status, SUM(amount) FROM jaffle.orders GROUP BY status ORDER BY status', keepOrder: true },
  'default sort on the time dimension': { sql: "SELECT status, DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1, 2" },
  'default sort on the first metric': { sql: 'SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1' },
  'metrics only, no sort': { sql: 'SELECT SUM(amount), AVG(amount::float8) FROM jaffle.orders' },
  'joined table through an intermediary': {
    sql: 'SELECT c.first_name, SUM(p.amount) FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id GROUP BY 1',
  },
  'string filters': { sql: "SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE status IN ('completed', 'shipped') OR status LIKE 'ret%' OR status LIKE '%pend%' GROUP BY 1" },
  'negative and case-insensitive string filters': {
    sql: "SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE (UPPER(status) <> 'COMPLETED' OR status IS NULL) AND (status NOT LIKE '%turn%' OR status IS NULL) AND UPPER(status) LIKE '%ED' GROUP BY 1",
  },
  'number filters in nested groups': {
    sql: 'SELECT order_id, SUM(amount) FROM jaffle.orders WHERE (amount > 20 OR amount BETWEEN 0 AND 2) AND order_id NOT IN (1, 2) AND (amount < 25 OR amount > 30) AND customer_id <= 50.5 GROUP BY 1',
  },
  'boolean and null filters, disabled rule': { sql: 'SELECT is_completed, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE is_completed IS NOT TRUE AND status IS NOT NULL GROUP BY 1' },
  'absolute date filters': {
    sql: "SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date BETWEEN '2018-01-15' AND '2018-03-20' AND order_date <> '2018-02-01' GROUP BY 1",
  },
  // now = 2018-04-10 15:30 UTC = 11:30 in New York: 14 days back is 2018-03-27; last completed month is March.
  'relative date filters in the query time zone': {
    sql: "SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date BETWEEN '2018-03-27' AND '2018-04-10' OR (order_date >= '2018-03-01' AND order_date < '2018-04-01') GROUP BY 1",
  },
  // 2018-04-10 is a Tuesday: the current (Monday) week is 2018-04-09 … 2018-04-15.
  'in the current and next periods': {
    sql: "SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date BETWEEN '2018-04-09' AND '2018-04-15' OR order_date BETWEEN '2018-04-10' AND '2018-04-12' GROUP BY 1",
  },
  'metric filter as a CTE stage': { sql: 'SELECT customer_id, SUM(amount) FROM jaffle.orders GROUP BY 1 HAVING COUNT(DISTINCT order_id) >= 3 ORDER BY 1', keepOrder: true },
  'table calculations with a dependent calculation and a filter': {
    sql: 'SELECT status, t, n, t / n, t / n * 2 FROM (SELECT status, SUM(amount) AS t, COUNT(DISTINCT order_id) AS n FROM jaffle.orders GROUP BY 1) s WHERE t / n > 10 ORDER BY t / n DESC',
  },
  'table calculation templates': {
    sql: `SELECT m, t, SUM(t) OVER (ORDER BY m ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), t::float8 / SUM(t) OVER (), t::float8 / NULLIF(LAG(t) OVER (ORDER BY m), 0) - 1, RANK() OVER (ORDER BY t DESC)
          FROM (SELECT DATE_TRUNC('month', order_date) AS m, SUM(amount) AS t FROM jaffle.orders GROUP BY 1) s ORDER BY m`,
    keepOrder: true,
  },
  'custom metrics with filters': {
    sql: 'SELECT status, MAX(amount), COUNT(CASE WHEN amount > 15 THEN order_id END), PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY amount) FROM jaffle.orders GROUP BY 1 ORDER BY 1',
    keepOrder: true,
  },
  'bins: fixed width and custom ranges, sorted': {
    sql: `SELECT FLOOR(amount / 10) * 10 || ' - ' || (FLOOR(amount / 10) + 1) * 10 - 1,
                 CASE WHEN amount < 10 THEN '<10' WHEN amount < 20 THEN '10-20' ELSE '≥20' END,
                 COUNT(DISTINCT order_id)
          FROM jaffle.orders GROUP BY 1, 2`,
  },
  'bins: fixed number': {
    sql: `WITH b AS (SELECT FLOOR(MIN(amount)) AS lo, CEIL(MAX(amount)) AS hi, FLOOR((MAX(amount) - MIN(amount)) / 3) AS w FROM jaffle.orders)
          SELECT CASE WHEN amount < lo + w THEN lo || ' - ' || (lo + w)
                      WHEN amount < lo + 2 * w THEN (lo + w) || ' - ' || (lo + 2 * w)
                      ELSE (lo + 2 * w) || ' - ' || hi END,
                 COUNT(DISTINCT order_id)
          FROM jaffle.orders CROSS JOIN b GROUP BY 1`,
  },
  'SQL custom dimension': { sql: "SELECT 'big', COUNT(DISTINCT order_id) FROM jaffle.orders WHERE amount > 20" },
  'month name sorted in calendar order': {
    sql: "SELECT TO_CHAR(timestamp_tz, 'FMMonth'), COUNT(event) FROM jaffle.events GROUP BY 1, DATE_PART('month', timestamp_tz) ORDER BY DATE_PART('month', timestamp_tz)",
    keepOrder: true,
  },
  'date zoom': { sql: "SELECT DATE_TRUNC('week', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 1", keepOrder: true },
  'parameters and user attributes': {
    sql: "SELECT CASE WHEN status = 'returned' OR status IN ('completed', 'shipped') THEN 'match' ELSE 'other' END, COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    keepOrder: true,
  },
  'fan-out protection with a primary key': {
    sql: `SELECT o.payment_method, o.total, p.revenue FROM
            (SELECT payment_method, SUM(amount) AS total FROM (SELECT DISTINCT p.payment_method, o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s GROUP BY 1) o
            JOIN (SELECT payment_method, SUM(amount) AS revenue FROM jaffle.payments GROUP BY 1) p ON p.payment_method = o.payment_method ORDER BY 1`,
    keepOrder: true,
  },
  'sum distinct': {
    sql: 'SELECT payment_method, SUM(amount) FROM (SELECT DISTINCT p.payment_method, o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s GROUP BY 1 ORDER BY 1',
    keepOrder: true,
  },
  // The previous month ignores the date filter (it reaches back to January) but keeps the status filter.
  'period over period': {
    sql: `WITH m AS (SELECT DATE_TRUNC('month', order_date) AS d, status, SUM(amount) AS t FROM jaffle.orders WHERE status IN ('completed', 'returned') GROUP BY 1, 2)
          SELECT a.d, a.status, a.t, b.t FROM m a LEFT JOIN m b ON a.d = b.d + INTERVAL '1 month' AND a.status = b.status
          WHERE a.d >= '2018-02-01' AND a.d <= '2018-04-30' ORDER BY 1, 2`,
    keepOrder: true,
  },
  'metric filter on a date metric': {
    sql: "SELECT customer_id, MIN(order_date) FROM jaffle.orders GROUP BY 1 HAVING MIN(order_date) >= '2018-03-01' ORDER BY 1",
    keepOrder: true,
  },
  // 2018-04-10 is day 100 of its year and day 10 of its month.
  'period to date': {
    sql: "SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders WHERE EXTRACT(DAY FROM order_date) <= 10 AND EXTRACT(DOY FROM order_date) <= 100 GROUP BY 1 ORDER BY 1",
    keepOrder: true,
  },
};

describe('compiled queries on PostgreSQL return the rows of hand-written SQL', () => {
  let client: Client;
  beforeAll(async () => {
    client = await jafflePostgresClient();
  });
  afterAll(async () => {
    await client.end();
  });

  async function compiledRows(entry: NamedQuery, inline = false): Promise<unknown[][]> {
    const compiled = compile((entry.prepare ?? ((e) => e))(jaffleExplore(entry.explore)), entry.query, dialectFor('postgres'), entry.context ?? {}, { inlineParams: inline });
    const result = await client.query<Record<string, unknown>>(compiled.sql, compiled.params);
    const columns = Object.keys(compiled.fields);
    return result.rows.map((row) => columns.map((column) => row[column]));
  }

  async function handRows(sql: string): Promise<unknown[][]> {
    const result = await client.query({ text: sql, rowMode: 'array' });
    return result.rows as unknown[][];
  }

  const checked = QUERY_SET.filter((entry) => EXPECTED[entry.name] !== undefined);

  it('covers at least twenty queries of the shared set', () => {
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });

  it.each(checked.map((entry) => [entry.name, entry]))('%s', async (name, entry) => {
    const expected = EXPECTED[name] as { sql: string; keepOrder?: boolean };
    const actual = await compiledRows(entry);
    expect(actual.length).toBeGreaterThan(0);
    expect(comparableRows(actual, expected.keepOrder ?? false)).toEqual(comparableRows(await handRows(expected.sql), expected.keepOrder ?? false));
  });

  it.each(checked.map((entry) => [entry.name, entry]))('%s, rendered for display, runs with the same rows', async (_name, entry) => {
    expect(comparableRows(await compiledRows(entry, true), true)).toEqual(comparableRows(await compiledRows(entry), true));
  });
});
