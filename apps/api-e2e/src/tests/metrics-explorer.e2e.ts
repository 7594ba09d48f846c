import { jaffleManifestWithCatalogMeta } from '@quarry/testing';
import { Client } from 'pg';

import { call } from '../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { sharedQuarry } from '../support/shared-quarry';
import { type Shape, shapeMismatches } from '../support/spec-shape';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken } = sharedQuarry();

/** E1's response as the spec gives it. */
const EXPLORER_RESULTS: Shape = {
  hasFilteredSeries: 'boolean',
  results: [
    {
      compareMetric: { label: 'string?', value: 'number?' },
      metric: { label: 'string', value: 'number?' },
      segment: 'string?',
      date: 'timestamp',
      dateValue: 'number',
    },
  ],
  fields: 'object',
  segmentDimension: 'object?',
  compareMetric: 'object?',
  metric: {
    name: 'string',
    label: 'string',
    table: 'string',
    fieldType: 'string',
    type: 'string',
    timeDimension: { interval: 'string', field: 'string', table: 'string' },
    availableTimeDimensions: ['object'],
  },
};

interface Point {
  date: string;
  dateValue: number;
  segment: string | null;
  metric: { label: string; value: number | null };
  compareMetric: { label: string | null; value: number | null };
}

/** Hand-written SQL straight on the fixture's PostgreSQL tables: period (YYYY-MM-DD) → value, per segment. */
async function onFixture(sql: string, values: unknown[] = []): Promise<Array<{ period: string; segment: string | null; value: number }>> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The series a user expects: every month of the range, null where the fixture has no rows. */
function expectedSeries(
  months: string[],
  rows: Array<{ period: string; segment: string | null; value: number }>,
  segment: string | null = null,
) {
  const byPeriod = new Map(rows.filter((row) => row.segment === segment).map((row) => [row.period, row.value]));
  return months.map((month) => [`${month}T00:00:00.000Z`, byPeriod.get(month) ?? null]);
}

const MONTHS_2018_H1 = ['2018-01-01', '2018-02-01', '2018-03-01', '2018-04-01', '2018-05-01', '2018-06-01'];
const MONTHLY_AMOUNT = `SELECT to_char(date_trunc('month', order_date), 'YYYY-MM-DD') AS period, NULL AS segment, SUM(amount)::float AS value
  FROM jaffle.orders GROUP BY 1`;

describe('metrics explorer (E1) on the jaffle-shop fixture', () => {
  const projects: Record<string, string> = {};
  const run = (warehouse: string, path: string, dates: string, body: unknown, token = adminToken) =>
    call(baseUrl, 'POST', `/api/v1/projects/${projects[warehouse]}/metricsExplorer/${path}/runMetricExplorerQuery${dates}`, {
      token,
      body,
    });
  const series = (points: Point[]) => points.map((point) => [point.date, point.metric.value]);

  beforeAll(async () => {
    for (const [name, warehouse] of Object.entries(JAFFLE_WAREHOUSES))
      projects[name] = await compiledJaffleProject(warehouse, jaffleManifestWithCatalogMeta());
  });

  it.each(Object.keys(JAFFLE_WAREHOUSES))(
    'draws a monthly series equal to hand-computed sums, with explicit gaps, on %s (contract)',
    async (warehouse) => {
      // No override: the metric's default time dimension (order_date by month).
      const response = await run(warehouse, 'orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-06-30', {
        query: { comparison: 'none' },
      });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('ok');
      expect(shapeMismatches(response.body.results, EXPLORER_RESULTS)).toEqual([]);
      const { results, metric, hasFilteredSeries, compareMetric, segmentDimension, fields } = response.body.results;
      expect(series(results)).toEqual(expectedSeries(MONTHS_2018_H1, await onFixture(MONTHLY_AMOUNT)));
      expect(results[4]).toEqual({
        date: '2018-05-01T00:00:00.000Z',
        dateValue: Date.UTC(2018, 4, 1),
        segment: null,
        metric: { label: 'Total order amount', value: null },
        compareMetric: { label: null, value: null },
      });
      expect(metric).toMatchObject({
        name: 'total_order_amount',
        timeDimension: { interval: 'MONTH', field: 'order_date', table: 'orders' },
      });
      expect(metric.availableTimeDimensions.map((dimension: { name: string }) => dimension.name)).toContain('order_date');
      expect([hasFilteredSeries, compareMetric, segmentDimension]).toEqual([false, null, null]);
      expect(Object.keys(fields).sort()).toEqual(['orders_order_date_month', 'orders_total_order_amount']);
    },
  );

  it('splits by a segment: one full series per segment, values equal to hand-computed ones', async () => {
    const response = await run('postgres', 'orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-06-30', {
      query: { comparison: 'none', segmentDimension: 'orders_status' },
    });
    expect(response.status).toBe(200);
    expect(shapeMismatches(response.body.results, EXPLORER_RESULTS)).toEqual([]);
    const { results, segmentDimension, hasFilteredSeries } = response.body.results as {
      results: Point[];
      segmentDimension: { name: string };
      hasFilteredSeries: boolean;
    };
    expect(segmentDimension.name).toBe('status');
    expect(hasFilteredSeries).toBe(false);
    const expected = await onFixture(
      `SELECT to_char(date_trunc('month', order_date), 'YYYY-MM-DD') AS period, status AS segment, SUM(amount)::float AS value FROM jaffle.orders GROUP BY 1, 2`,
    );
    const totals = await onFixture(`SELECT status AS segment, SUM(amount)::float AS value FROM jaffle.orders GROUP BY 1 ORDER BY 2 DESC`);
    const segments = [...new Set(results.map((point) => point.segment))];
    expect(segments).toEqual(totals.map((row) => row.segment));
    for (const segment of segments) {
      expect(series(results.filter((point) => point.segment === segment))).toEqual(expectedSeries(MONTHS_2018_H1, expected, segment));
    }
  });

  it('keeps the top 10 segments by the metric and says more existed', async () => {
    const response = await run('postgres', 'orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-04-30', {
      query: { comparison: 'none', segmentDimension: 'customers_first_name' },
    });
    expect(response.status).toBe(200);
    const { results, hasFilteredSeries } = response.body.results as { results: Point[]; hasFilteredSeries: boolean };
    expect(hasFilteredSeries).toBe(true);
    const top = await onFixture(
      `SELECT c.first_name AS segment, SUM(o.amount)::float AS value FROM jaffle.orders o LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id GROUP BY 1 ORDER BY 2 DESC LIMIT 10`,
    );
    expect([...new Set(results.map((point) => point.segment))]).toEqual(top.map((row) => row.segment));
    expect(results).toHaveLength(10 * 4);
    const howard = results.filter((point) => point.segment === 'Howard').reduce((sum, point) => sum + (point.metric.value ?? 0), 0);
    expect(howard).toBe(top[0]?.value);
  });

  it('compares with the same months one year earlier (previous_period)', async () => {
    const response = await run('postgres', 'orders/total_order_amount', '?startDate=2019-01-01&endDate=2019-06-30', {
      query: { comparison: 'previous_period' },
    });
    expect(response.status).toBe(200);
    expect(shapeMismatches(response.body.results, EXPLORER_RESULTS)).toEqual([]);
    const points = response.body.results.results as Point[];
    const lastYear = expectedSeries(MONTHS_2018_H1, await onFixture(MONTHLY_AMOUNT)).map(([, value]) => value);
    expect(points.map((point) => point.date.slice(0, 10))).toEqual(MONTHS_2018_H1.map((month) => month.replace('2018', '2019')));
    expect(points.map((point) => point.metric.value)).toEqual([null, null, null, null, null, null]);
    expect(points.map((point) => point.compareMetric.value)).toEqual(lastYear);
    expect(points[0]?.compareMetric.label).toBe('Total order amount (previous year)');
  });

  it('compares with a second metric at the same grain (different_metric), in its own explore too', async () => {
    const sameExplore = await run('postgres', 'orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-06-30', {
      query: { comparison: 'different_metric', metric: { table: 'orders', name: 'unique_order_count' } },
    });
    expect(sameExplore.status).toBe(200);
    expect(shapeMismatches(sameExplore.body.results, EXPLORER_RESULTS)).toEqual([]);
    const orderCounts = await onFixture(
      `SELECT to_char(date_trunc('month', order_date), 'YYYY-MM-DD') AS period, NULL AS segment, COUNT(DISTINCT order_id)::float AS value FROM jaffle.orders GROUP BY 1`,
    );
    const points = sameExplore.body.results.results as Point[];
    expect(series(points)).toEqual(expectedSeries(MONTHS_2018_H1, await onFixture(MONTHLY_AMOUNT)));
    expect(points.map((point) => [point.date, point.compareMetric.value])).toEqual(expectedSeries(MONTHS_2018_H1, orderCounts));
    expect(sameExplore.body.results.compareMetric).toMatchObject({
      name: 'unique_order_count',
      timeDimension: { interval: 'MONTH', field: 'order_date', table: 'orders' },
    });

    // payments.total_revenue lives in the payments explore, which joins orders: same time dimension there.
    const otherExplore = await run('postgres', 'orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-06-30', {
      query: { comparison: 'different_metric', metric: { table: 'payments', name: 'total_revenue' } },
    });
    expect(otherExplore.status).toBe(200);
    const revenue = await onFixture(
      `SELECT to_char(date_trunc('month', o.order_date), 'YYYY-MM-DD') AS period, NULL AS segment, SUM(p.amount)::float AS value
       FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id GROUP BY 1`,
    );
    expect((otherExplore.body.results.results as Point[]).map((point) => [point.date, point.compareMetric.value])).toEqual(
      expectedSeries(MONTHS_2018_H1, revenue),
    );
  });

  it('applies the filter field, weekly grain from the override', async () => {
    const response = await run('duckdb', 'orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-01-31', {
      timeDimensionOverride: { table: 'orders', field: 'order_date', interval: 'WEEK' },
      filter: { id: 'f', target: { fieldId: 'orders_status' }, operator: 'equals', values: ['completed'] },
      query: { comparison: 'none' },
    });
    expect(response.status).toBe(200);
    const weeks = ['2018-01-01', '2018-01-08', '2018-01-15', '2018-01-22', '2018-01-29'];
    const expected = await onFixture(
      `SELECT to_char(date_trunc('week', order_date), 'YYYY-MM-DD') AS period, NULL AS segment, SUM(amount)::float AS value
       FROM jaffle.orders WHERE status = $1 AND order_date BETWEEN '2018-01-01' AND '2018-02-04' GROUP BY 1`,
      ['completed'],
    );
    expect(series(response.body.results.results)).toEqual(expectedSeries(weeks, expected));
    expect(response.body.results.metric.timeDimension.interval).toBe('WEEK');
  });

  it('answers 400 with a clear message for bad input, never 500', async () => {
    const missingDates = await run('postgres', 'orders/total_order_amount', '?startDate=2018-01-01', { query: { comparison: 'none' } });
    expect(missingDates.status).toBe(400);
    expect(Object.keys(missingDates.body.error.data)).toEqual(['endDate']);
    const noTimeDimension = await run('postgres', 'payments/total_revenue', '?startDate=2018-01-01&endDate=2018-06-30', {
      query: { comparison: 'none' },
    });
    expect(noTimeDimension.status).toBe(400);
    expect(noTimeDimension.body.error.message).toMatch(/no default time dimension.*timeDimensionOverride/);
    const cases: Array<[string, string, unknown, string]> = [
      ['orders/total_order_amount', '?startDate=2018-13-01&endDate=2018-06-30', { query: { comparison: 'none' } }, 'startDate'],
      ['orders/total_order_amount', '?startDate=2018-06-01&endDate=2018-01-01', { query: { comparison: 'none' } }, 'endDate'],
      ['orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-06-30', { query: { comparison: 'sideways' } }, 'query.comparison'],
      [
        'orders/total_order_amount',
        '?startDate=2018-01-01&endDate=2018-06-30',
        { query: { comparison: 'different_metric' } },
        'query.metric',
      ],
      [
        'orders/total_order_amount',
        '?startDate=2018-01-01&endDate=2018-06-30',
        { query: { comparison: 'none' }, timeDimensionOverride: { table: 'orders', field: 'order_date', interval: 'HOURLY' } },
        'timeDimensionOverride.interval',
      ],
      [
        'orders/total_order_amount',
        '?startDate=2018-01-01&endDate=2018-06-30',
        { query: { comparison: 'none' }, timeDimensionOverride: { table: 'orders', field: 'status', interval: 'MONTH' } },
        'timeDimensionOverride',
      ],
      [
        'orders/total_order_amount',
        '?startDate=2018-01-01&endDate=2018-06-30',
        { query: { comparison: 'none', segmentDimension: 'orders_nope' } },
        'query.segmentDimension',
      ],
      [
        'orders/total_order_amount',
        '?startDate=2000-01-01&endDate=2018-06-30',
        { query: { comparison: 'none' }, timeDimensionOverride: { table: 'orders', field: 'order_date', interval: 'DAY' } },
        'startDate',
      ],
    ];
    for (const [path, dates, body, field] of cases) {
      const response = await run('postgres', path, dates, body);
      expect([path, dates, response.status]).toEqual([path, dates, 400]);
      expect(Object.keys(response.body.error.data ?? {})).toContain(field);
    }
    const badFilter = await run('postgres', 'orders/total_order_amount', '?startDate=2018-01-01&endDate=2018-06-30', {
      query: { comparison: 'none' },
      filter: { id: 'f', target: { fieldId: 'orders_status' }, operator: 'bogus', values: ['x'] },
    });
    expect(badFilter.status).toBe(400);
    expect(
      (await run('postgres', 'orders/nope', '?startDate=2018-01-01&endDate=2018-06-30', { query: { comparison: 'none' } })).status,
    ).toBe(404);
  });

  it('lets project viewers run it and needs a token', async () => {
    const viewer = await userWithToken('viewer');
    expect(
      (
        await run(
          'postgres',
          'orders/total_order_amount',
          '?startDate=2018-01-01&endDate=2018-02-28',
          { query: { comparison: 'none' } },
          viewer.token,
        )
      ).status,
    ).toBe(200);
    const anonymous = await call(
      baseUrl,
      'POST',
      `/api/v1/projects/${projects['postgres']}/metricsExplorer/orders/total_order_amount/runMetricExplorerQuery?startDate=2018-01-01&endDate=2018-02-28`,
      { body: { query: { comparison: 'none' } } },
    );
    expect(anonymous.status).toBe(401);
  });
});
