import { and, asc, metricQuery, type NamedQuery, rule } from './named-query';

/** Date zoom, period over period (each grain's shift, previous periods ignoring the time filter) and metric overrides. */
export const TIME_FEATURES: NamedQuery[] = [
  {
    name: 'date zoom to weeks',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      sorts: [asc('orders_order_date_month')],
    }),
    context: { dateZoom: { granularity: 'Week' } },
    sql: "SELECT DATE_TRUNC('week', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    // The filter reads the day, not the zoomed hour.
    name: 'date zoom to hours on the x-axis field, filtered on the unzoomed dimension',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_event', 'events_timestamp_tz_day'],
      metrics: ['events_count'],
      filters: { dimensions: and(rule('events_timestamp_tz_day', 'equals', ['2020-07-04'])) },
      sorts: [asc('events_timestamp_tz_day'), asc('events_event')],
    }),
    context: { dateZoom: { granularity: 'Hour', xAxisFieldId: 'events_timestamp_tz_day' } },
    sql: `SELECT event, DATE_TRUNC('hour', timestamp_tz), COUNT(event) FROM jaffle.events WHERE CAST(timestamp_tz AS DATE) = '2020-07-04'
          GROUP BY 1, 2 ORDER BY 2, 1`,
    ordered: true,
  },
  {
    name: 'a sub-day zoom leaves a date dimension alone',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_total_order_amount'],
      sorts: [asc('orders_order_date_month')],
    }),
    context: { dateZoom: { granularity: 'Hour' } },
    sql: "SELECT DATE_TRUNC('month', order_date), SUM(amount) FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'date zoom to months on the first time dimension',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_event', 'events_date_day'],
      metrics: ['events_count'],
      sorts: [asc('events_date_day'), asc('events_event')],
    }),
    context: { dateZoom: { granularity: 'Month' } },
    sql: "SELECT event, DATE_TRUNC('month', date), COUNT(event) FROM jaffle.events GROUP BY 1, 2 ORDER BY 2, 1",
    ordered: true,
  },
  {
    // The previous month ignores the date filter (it reaches back to January) but keeps the status filter.
    name: 'period over period: the previous month, beside another dimension',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month', 'orders_status'],
      metrics: ['orders_total_order_amount'],
      filters: {
        dimensions: and(
          rule('orders_order_date', 'inBetween', ['2018-02-01', '2018-04-30']),
          rule('orders_status', 'equals', ['completed', 'returned']),
        ),
      },
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_month' },
        granularity: 'MONTH',
        periodOffset: 1,
      },
      sorts: [asc('orders_order_date_month'), asc('orders_status')],
    }),
    sql: `WITH m AS (SELECT DATE_TRUNC('month', order_date) AS d, status, SUM(amount) AS t FROM jaffle.orders WHERE status IN ('completed', 'returned') GROUP BY 1, 2)
          SELECT a.d, a.status, a.t, b.t FROM m a LEFT JOIN m b ON a.d = b.d + INTERVAL '1 month' AND a.status = b.status
          WHERE a.d >= '2018-02-01' AND a.d <= '2018-04-30' ORDER BY 1, 2`,
    ordered: true,
  },
  {
    name: 'period over period: two weeks back, without other dimensions',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_week'],
      metrics: ['orders_unique_order_count'],
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_week' },
        granularity: 'WEEK',
        periodOffset: 2,
      },
      sorts: [asc('orders_order_date_week')],
    }),
    sql: `WITH w AS (SELECT DATE_TRUNC('week', order_date) AS w, COUNT(DISTINCT order_id) AS n FROM jaffle.orders GROUP BY 1)
          SELECT a.w, a.n, b.n FROM w a LEFT JOIN w b ON a.w = b.w + INTERVAL '14 days' ORDER BY 1`,
    ordered: true,
  },
  {
    // Days of 2020-07-20 … 31 against the days a week earlier, which the filter would have removed.
    name: 'period over period: seven days back on the day grain of a timestamp',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz_day'],
      metrics: ['events_count'],
      filters: { dimensions: and(rule('events_timestamp_tz_day', 'inBetween', ['2020-07-20', '2020-07-31'])) },
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'events', name: 'timestamp_tz_day' },
        granularity: 'DAY',
        periodOffset: 7,
      },
      sorts: [asc('events_timestamp_tz_day')],
    }),
    sql: `WITH d AS (SELECT CAST(timestamp_tz AS DATE) AS d, COUNT(event) AS n FROM jaffle.events GROUP BY 1)
          SELECT a.d, a.n, b.n FROM d a LEFT JOIN d b ON b.d = a.d - 7 WHERE a.d BETWEEN '2020-07-20' AND '2020-07-31' ORDER BY 1`,
    ordered: true,
  },
  {
    // Months differ in length: Mar 29–31 all compare with Feb 28, and Feb 28 with Jan 28 only (not
    // with Jan 28–31, which a month later all fall on Feb 28 — joining that way repeated Feb 28).
    name: 'period over period: the previous month on the day grain, across month ends',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_day'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_order_date_day', 'inBetween', ['2018-02-26', '2018-03-31'])) },
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_day' },
        granularity: 'MONTH',
        periodOffset: 1,
      },
      sorts: [asc('orders_order_date_day')],
    }),
    sql: `WITH d AS (SELECT order_date AS d, COUNT(DISTINCT order_id) AS n FROM jaffle.orders GROUP BY 1)
          SELECT a.d, a.n, b.n FROM d a LEFT JOIN d b ON b.d = a.d - INTERVAL '1 month' WHERE a.d BETWEEN '2018-02-26' AND '2018-03-31' ORDER BY 1`,
    ordered: true,
  },
  {
    // The first quarter of 2018 has no previous quarter in the data.
    name: 'period over period: the previous quarter',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_quarter'],
      metrics: ['orders_total_order_amount'],
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_quarter' },
        granularity: 'QUARTER',
        periodOffset: 1,
      },
      sorts: [asc('orders_order_date_quarter')],
    }),
    sql: `WITH q AS (SELECT DATE_TRUNC('quarter', order_date) AS q, SUM(amount) AS t FROM jaffle.orders GROUP BY 1)
          SELECT a.q, a.t, b.t FROM q a LEFT JOIN q b ON a.q = b.q + INTERVAL '3 months' ORDER BY 1`,
    ordered: true,
  },
  {
    // The orders span one year: every month's previous year is empty.
    name: 'period over period: the previous year, with no data',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_month' },
        granularity: 'YEAR',
        periodOffset: 1,
      },
      sorts: [asc('orders_order_date_month')],
    }),
    sql: `WITH m AS (SELECT DATE_TRUNC('month', order_date) AS m, COUNT(DISTINCT order_id) AS n FROM jaffle.orders GROUP BY 1)
          SELECT a.m, a.n, b.n FROM m a LEFT JOIN m b ON a.m = b.m + INTERVAL '1 year' ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'metric overrides change how a metric shows, not its rows',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount'],
      metricOverrides: { orders_total_order_amount: { formatOptions: { type: 'currency', currency: 'EUR', round: 0 } } },
      sorts: [asc('orders_status')],
    }),
    sql: 'SELECT status, SUM(amount) FROM jaffle.orders GROUP BY 1 ORDER BY 1',
    ordered: true,
  },
];
