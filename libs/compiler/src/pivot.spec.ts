import { dialectFor } from '@quarry/dialects';
import { type MetricQuery, ParameterError, type PivotConfiguration, WAREHOUSE_TYPES } from '@quarry/domain';
import type { Client } from 'pg';

import { compile, pivotPlan, pivotRows, pivotSql } from './index';
import { jaffleExplore } from './test/jaffle-explores';
import { comparableRows, jafflePostgresClient } from './test/postgres-client';

const QUERY: MetricQuery = {
  exploreName: 'orders',
  dimensions: ['orders_order_date_month', 'orders_status'],
  metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
  filters: {},
  sorts: [],
  limit: 500,
  tableCalculations: [],
};
const COLUMNS = new Set([...QUERY.dimensions, ...QUERY.metrics]);
const BY_MONTH_AND_STATUS: PivotConfiguration = {
  indexColumn: { reference: 'orders_order_date_month', type: 'time' },
  valuesColumns: [{ reference: 'orders_total_order_amount', aggregation: 'sum' }],
  groupByColumns: [{ reference: 'orders_status' }],
};
const STATUSES = ['completed', 'placed', 'return_pending', 'returned', 'shipped'];

describe('pivot configuration', () => {
  it.each([
    [
      { ...BY_MONTH_AND_STATUS, valuesColumns: [{ reference: 'orders_nope', aggregation: 'sum' }] },
      'pivotConfiguration.valuesColumns[0].reference',
    ],
    [
      { ...BY_MONTH_AND_STATUS, valuesColumns: [{ reference: 'orders_total_order_amount', aggregation: 'median' }] },
      'pivotConfiguration.valuesColumns[0].aggregation',
    ],
    [{ ...BY_MONTH_AND_STATUS, valuesColumns: [] }, 'pivotConfiguration.valuesColumns'],
    [{ ...BY_MONTH_AND_STATUS, groupByColumns: [{ reference: 'orders_order_date_month' }] }, 'pivotConfiguration'],
    [
      { ...BY_MONTH_AND_STATUS, sortBy: [{ reference: 'orders_unique_order_count', direction: 'ASC' }] },
      'pivotConfiguration.sortBy[0].reference',
    ],
    [{ ...BY_MONTH_AND_STATUS, sortBy: [{ reference: 'orders_status', direction: 'UP' }] }, 'pivotConfiguration.sortBy[0].direction'],
  ])('rejects a bad configuration, naming %#', (config, field) => {
    const attempt = (): unknown => pivotPlan(config as PivotConfiguration, COLUMNS);
    expect(attempt).toThrow(ParameterError);
    expect(attempt).toThrow(expect.objectContaining({ data: expect.objectContaining({ field }) }));
  });

  it.each(WAREHOUSE_TYPES.map((type) => [type]))('wraps the query for %s', (warehouse) => {
    const compiled = compile(jaffleExplore('orders', warehouse), QUERY, dialectFor(warehouse), {}, { withoutLimit: true });
    const plan = pivotPlan({ ...BY_MONTH_AND_STATUS, sortBy: [{ reference: 'orders_total_order_amount', direction: 'DESC' }] }, COLUMNS);
    expect(compiled.sql).not.toMatch(/LIMIT/);
    expect(pivotSql(compiled.sql, plan, dialectFor(warehouse), { rowLimit: 10, columnLimit: 60 })).toMatchSnapshot();
  });
});

describe('pivoted queries on PostgreSQL return the rows of hand-written SQL', () => {
  let client: Client;
  beforeAll(async () => {
    client = await jafflePostgresClient();
  });
  afterAll(async () => {
    await client.end();
  });

  async function pivoted(config: PivotConfiguration, limits = { rowLimit: 500, columnLimit: 60 }) {
    const dialect = dialectFor('postgres');
    const compiled = compile(jaffleExplore('orders'), QUERY, dialect, {}, { withoutLimit: true });
    const plan = pivotPlan(config, COLUMNS);
    const result = await client.query<Record<string, unknown>>(pivotSql(compiled.sql, plan, dialect, limits), compiled.params);
    return pivotRows(result.rows, plan);
  }

  async function handRows(sql: string): Promise<unknown[][]> {
    return (await client.query({ text: sql, rowMode: 'array' })).rows as unknown[][];
  }

  const byStatus = STATUSES.map((status) => `SUM(amount) FILTER (WHERE status = '${status}')`).join(', ');

  it('spreads each status into a column, one row per month', async () => {
    const result = await pivoted(BY_MONTH_AND_STATUS);
    expect(result.columns.map((column) => column.pivotColumnName)).toEqual(
      STATUSES.map((status) => `orders_total_order_amount_sum_${status}`),
    );
    expect(result.columns[0]?.pivotValues).toEqual([{ referenceField: 'orders_status', value: 'completed' }]);
    expect(result.totalColumnCount).toBe(5);
    const actual = result.rows.map((row) => Object.values(row));
    expect(comparableRows(actual, true)).toEqual(
      comparableRows(await handRows(`SELECT DATE_TRUNC('month', order_date), ${byStatus} FROM jaffle.orders GROUP BY 1 ORDER BY 1`), true),
    );
  });

  it('cuts rows and columns at their limits and reports the full column count', async () => {
    // January and February have three statuses: completed, return_pending, returned.
    const result = await pivoted(BY_MONTH_AND_STATUS, { rowLimit: 2, columnLimit: 2 });
    expect(result.columns.map((column) => column.pivotColumnName)).toEqual([
      'orders_total_order_amount_sum_completed',
      'orders_total_order_amount_sum_return_pending',
    ]);
    expect(result.totalColumnCount).toBe(3);
    const actual = result.rows.map((row) => Object.values(row));
    const expected = await handRows(
      `SELECT DATE_TRUNC('month', order_date), SUM(amount) FILTER (WHERE status = 'completed'), SUM(amount) FILTER (WHERE status = 'return_pending') FROM jaffle.orders GROUP BY 1 ORDER BY 1 LIMIT 2`,
    );
    expect(comparableRows(actual, true)).toEqual(comparableRows(expected, true));
  });

  it('sorts rows by a value in the first pivot column, and columns by their group-by values', async () => {
    const result = await pivoted({
      ...BY_MONTH_AND_STATUS,
      sortBy: [
        { reference: 'orders_total_order_amount', direction: 'DESC' },
        { reference: 'orders_status', direction: 'DESC' },
      ],
    });
    // Columns descend by status, so the first pivot column is "shipped".
    expect(result.columns[0]?.pivotColumnName).toBe('orders_total_order_amount_sum_shipped');
    const actual = result.rows.map((row) => [row['orders_order_date_month'], row['orders_total_order_amount_sum_shipped']]);
    const expected = await handRows(
      `SELECT DATE_TRUNC('month', order_date), SUM(amount) FILTER (WHERE status = 'shipped') AS s FROM jaffle.orders GROUP BY 1 ORDER BY s DESC NULLS FIRST, 1`,
    );
    expect(comparableRows(actual, true)).toEqual(comparableRows(expected, true));
  });

  it('aggregates several values with count, avg and any, and without group-by only aggregates', async () => {
    const result = await pivoted({
      indexColumn: { reference: 'orders_status', type: 'category' },
      valuesColumns: [
        { reference: 'orders_unique_order_count', aggregation: 'sum' },
        { reference: 'orders_total_order_amount', aggregation: 'avg' },
        { reference: 'orders_order_date_month', aggregation: 'count' },
      ],
    });
    expect(result.columns.map((column) => column.pivotColumnName)).toEqual([
      'orders_unique_order_count_sum',
      'orders_total_order_amount_avg',
      'orders_order_date_month_count',
    ]);
    const actual = result.rows.map((row) => Object.values(row));
    const expected = await handRows(
      `SELECT status, SUM(n), AVG(t), COUNT(m) FROM (SELECT status, DATE_TRUNC('month', order_date) AS m, SUM(amount) AS t, COUNT(DISTINCT order_id) AS n FROM jaffle.orders GROUP BY 1, 2) s GROUP BY 1 ORDER BY 1`,
    );
    expect(comparableRows(actual, true)).toEqual(comparableRows(expected, true));
  });

  it('takes any value with ANY, on PostgreSQL before version 16 too', async () => {
    const result = await pivoted({
      valuesColumns: [{ reference: 'orders_order_date_month', aggregation: 'any' }],
      groupByColumns: [{ reference: 'orders_status' }],
    });
    expect(result.rows).toHaveLength(1);
    expect(result.columns).toHaveLength(5);
    for (const column of result.columns) expect(result.rows[0]?.[column.pivotColumnName]).toBeInstanceOf(Date);
  });
});
