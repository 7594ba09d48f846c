import { and, asc, EVENTS_NOW, metricQuery, type NamedQuery, or, ORDERS_NOW, rule } from './named-query';

const unit = (unitOfTime: string, completed = false) => ({ settings: { unitOfTime, completed } }) as never;

/**
 * Relative date operators, every unit, completed periods, in the query's (or the context's)
 * time zone and week start. The boundaries in the hand-written SQL were worked out by hand from
 * the pinned "now" (comments give the reasoning).
 */
export const RELATIVE_DATE_FILTERS: NamedQuery[] = [
  {
    // now = 11:30 on 2018-04-10 in New York: 14 days back is 2018-03-27; the last completed month is March.
    name: 'in the past days and completed months, in the query time zone',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      timezone: 'America/New_York',
      filters: {
        dimensions: or(
          rule('orders_order_date', 'inThePast', [14], unit('days')),
          rule('orders_order_date', 'inThePast', [1], unit('months', true)),
        ),
      },
    }),
    context: { now: ORDERS_NOW },
    sql: `SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders
          WHERE order_date BETWEEN '2018-03-27' AND '2018-04-10' OR (order_date >= '2018-03-01' AND order_date < '2018-04-01') GROUP BY 1 ORDER BY 1 DESC`,
    ordered: true,
  },
  {
    // 2018-04-10 is a Tuesday: the current (Monday) week is 2018-04-09 … 2018-04-15.
    name: 'in the current week and the next days',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: or(
          rule('orders_order_date', 'inTheCurrent', [1], unit('weeks')),
          rule('orders_order_date', 'inTheNext', [2], unit('days')),
        ),
      },
    }),
    context: { now: ORDERS_NOW },
    sql: "SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date BETWEEN '2018-04-09' AND '2018-04-15' OR order_date BETWEEN '2018-04-10' AND '2018-04-12' GROUP BY 1",
  },
  {
    // now = 15:20:30.250: two hours back is 13:20:30.250; the next 90 completed minutes start at 15:21.
    name: 'timestamps in the past hours and the next completed minutes',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz', 'events_event'],
      metrics: ['events_count'],
      filters: {
        dimensions: or(
          rule('events_timestamp_tz', 'inThePast', [2], unit('hours')),
          rule('events_timestamp_tz', 'inTheNext', [90], unit('minutes', true)),
        ),
      },
      sorts: [asc('events_timestamp_tz'), asc('events_event')],
    }),
    context: { now: EVENTS_NOW },
    sql: `SELECT timestamp_tz, event, COUNT(event) FROM jaffle.events
          WHERE timestamp_tz BETWEEN '2020-08-05 13:20:30.25' AND '2020-08-05 15:20:30.25' OR (timestamp_tz >= '2020-08-05 15:21:00' AND timestamp_tz < '2020-08-05 16:51:00')
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ordered: true,
  },
  {
    // 3000 completed seconds before 15:20:30 start at 14:30:30; 6,500,000 ms after 15:20:30.250 is 17:08:50.250.
    name: 'timestamps in the past completed seconds and the next milliseconds',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz', 'events_event'],
      metrics: ['events_count'],
      filters: {
        dimensions: or(
          rule('events_timestamp_tz', 'inThePast', [3000], unit('seconds', true)),
          rule('events_timestamp_tz', 'inTheNext', [6_500_000], unit('milliseconds')),
        ),
      },
      sorts: [asc('events_timestamp_tz'), asc('events_event')],
    }),
    context: { now: EVENTS_NOW },
    sql: `SELECT timestamp_tz, event, COUNT(event) FROM jaffle.events
          WHERE (timestamp_tz >= '2020-08-05 14:30:30' AND timestamp_tz < '2020-08-05 15:20:30') OR timestamp_tz BETWEEN '2020-08-05 15:20:30.25' AND '2020-08-05 17:08:50.25'
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ordered: true,
  },
  {
    // The two completed weeks before the current one (from Monday 2018-04-09) are 2018-03-26 … 2018-04-08.
    name: 'not in the past completed weeks',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_week'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_order_date', 'notInThePast', [2], unit('weeks', true))) },
      sorts: [asc('orders_order_date_week')],
    }),
    context: { now: ORDERS_NOW },
    sql: `SELECT DATE_TRUNC('week', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders
          WHERE NOT (order_date >= '2018-03-26' AND order_date < '2018-04-09') GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // 60 days before 2018-04-10 is 2018-02-09.
    name: 'not in the past days',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_order_date', 'notInThePast', [60])) },
      sorts: [asc('orders_order_date_month')],
    }),
    context: { now: ORDERS_NOW },
    sql: "SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date < '2018-02-09' OR order_date > '2018-04-10' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'not in the current quarter, in the current year',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: and(
          rule('orders_order_date', 'notInTheCurrent', [1], unit('quarters')),
          rule('orders_order_date', 'inTheCurrent', [1], unit('years')),
        ),
      },
      sorts: [asc('orders_order_date_month')],
    }),
    context: { now: ORDERS_NOW },
    sql: `SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders
          WHERE NOT (order_date BETWEEN '2018-04-01' AND '2018-06-30') AND order_date BETWEEN '2018-01-01' AND '2018-12-31' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // From 2018-01-20: the next completed month is February, the next completed quarter April … June.
    name: 'in the next completed month and quarter',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: or(
          rule('orders_order_date', 'inTheNext', [1], unit('months', true)),
          rule('orders_order_date', 'inTheNext', [1], unit('quarters', true)),
        ),
      },
      sorts: [asc('orders_order_date_month')],
    }),
    context: { now: new Date('2018-01-20T12:00:00Z') },
    sql: `SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders
          WHERE (order_date >= '2018-02-01' AND order_date < '2018-03-01') OR (order_date >= '2018-04-01' AND order_date < '2018-07-01') GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // 12:30 UTC on 2020-12-31 is already 2021 in Auckland: the last completed year there is 2020
    // (from 2019-12-31 11:00 UTC to 2020-12-31 11:00 UTC); in UTC it would be 2019, without events.
    name: 'in the past completed year, in a time zone ahead of UTC',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_event'],
      metrics: ['events_count'],
      timezone: 'Pacific/Auckland',
      filters: { dimensions: and(rule('events_timestamp_tz', 'inThePast', [1], unit('years', true))) },
      sorts: [asc('events_event')],
    }),
    context: { now: new Date('2020-12-31T12:30:00Z') },
    sql: `SELECT event, COUNT(event) FROM jaffle.events
          WHERE timestamp_tz >= '2019-12-31 11:00:00' AND timestamp_tz < '2020-12-31 11:00:00' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // 20:00 UTC on 2020-08-05 is 05:00 on 2020-08-06 in Tokyo, whose day runs from 15:00 UTC the day before.
    name: 'in the current day, in Tokyo',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz_hour'],
      metrics: ['events_count'],
      timezone: 'Asia/Tokyo',
      filters: { dimensions: and(rule('events_timestamp_tz', 'inTheCurrent', [1], unit('days'))) },
      sorts: [asc('events_timestamp_tz_hour')],
    }),
    context: { now: new Date('2020-08-05T20:00:00Z') },
    sql: `SELECT DATE_TRUNC('hour', timestamp_tz), COUNT(event) FROM jaffle.events
          WHERE timestamp_tz BETWEEN '2020-08-05 15:00:00' AND '2020-08-06 14:59:59.999' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // 03:00 UTC on 2018-04-08 is still 2018-04-07 in Los Angeles (the context's zone; the query names none).
    name: 'in the current day, in the time zone of the context',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_order_date', 'inTheCurrent', [1], unit('days'))) },
    }),
    context: { now: new Date('2018-04-08T03:00:00Z'), timezone: 'America/Los_Angeles' },
    sql: "SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date = '2018-04-07' GROUP BY 1",
  },
  {
    // Tuesday 2018-03-13, weeks starting on Sunday: 2018-03-11 … 2018-03-17 (a Monday week would hold 03-18, not 03-11).
    name: 'in the current week, starting on Sunday',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_order_date', 'inTheCurrent', [1], unit('weeks'))) },
      sorts: [asc('orders_order_date')],
    }),
    context: { now: new Date('2018-03-13T12:00:00Z'), startOfWeek: 6 },
    sql: "SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date BETWEEN '2018-03-11' AND '2018-03-17' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    // 2018-04-10 is day 100 of its year and day 10 of its month.
    name: 'period to date',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: and(
          rule('orders_order_date', 'inPeriodToDate', [], unit('months')),
          rule('orders_order_date', 'inPeriodToDate', [], unit('years')),
        ),
      },
      sorts: [asc('orders_order_date_month')],
    }),
    context: { now: ORDERS_NOW },
    sql: "SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders WHERE EXTRACT(DAY FROM order_date) <= 10 AND EXTRACT(DOY FROM order_date) <= 100 GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
];
