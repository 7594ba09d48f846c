import { and, asc, desc, metricQuery, type NamedQuery, or, rule } from './named-query';

/** Absolute date and timestamp operators, interval dimensions, zone offsets, nulls. */
export const DATE_FILTERS: NamedQuery[] = [
  {
    name: 'absolute date filters',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: and(
          rule('orders_order_date', 'inBetween', ['2018-01-15', '2018-03-20']),
          rule('orders_order_date', 'notEquals', ['2018-02-01']),
        ),
      },
    }),
    sql: "SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date BETWEEN '2018-01-15' AND '2018-03-20' AND order_date <> '2018-02-01' GROUP BY 1 ORDER BY 1 DESC",
    ordered: true,
  },
  {
    // A date keeps the calendar day written, whatever time follows it.
    name: 'date equals, greaterThan and lessThanOrEqual',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: or(
          rule('orders_order_date', 'equals', ['2018-01-01']),
          and(
            rule('orders_order_date', 'greaterThan', ['2018-04-02']),
            rule('orders_order_date', 'lessThanOrEqual', ['2018-04-06T23:00:00Z']),
          ),
        ),
      },
      sorts: [asc('orders_order_date')],
    }),
    sql: "SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date = '2018-01-01' OR (order_date > '2018-04-02' AND order_date <= '2018-04-06') GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'date notInBetween on a month grain, greaterThanOrEqual and lessThan',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: and(
          rule('orders_order_date_month', 'notInBetween', ['2018-02-01', '2018-03-01']),
          rule('orders_order_date', 'greaterThanOrEqual', ['2018-01-05']),
          rule('orders_order_date', 'lessThan', ['2018-04-04']),
        ),
      },
      sorts: [asc('orders_order_date_month')],
    }),
    sql: `SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders
          WHERE (DATE_TRUNC('month', order_date) < '2018-02-01' OR DATE_TRUNC('month', order_date) > '2018-03-01') AND order_date >= '2018-01-05' AND order_date < '2018-04-04'
          GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'timestamp inBetween, notEquals and lessThan',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz', 'events_event'],
      metrics: ['events_count'],
      filters: {
        dimensions: and(
          rule('events_timestamp_tz', 'inBetween', ['2020-07-10T21:52:00Z', '2020-07-11 02:22:00']),
          rule('events_timestamp_ntz', 'notEquals', ['2020-07-11T00:00:00.000Z']),
          rule('events_timestamp_ltz', 'lessThan', ['2020-07-11 02:19:00']),
        ),
      },
      sorts: [asc('events_timestamp_tz'), asc('events_event')],
    }),
    sql: `SELECT timestamp_tz, event, COUNT(event) FROM jaffle.events
          WHERE timestamp_tz BETWEEN '2020-07-10 21:52:00' AND '2020-07-11 02:22:00' AND timestamp_ntz <> '2020-07-11 00:00:00' AND timestamp_ltz < '2020-07-11 02:19:00'
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ordered: true,
  },
  {
    // 03:30 at +02:00 is 01:30 UTC, which is not after itself.
    name: 'timestamp equals, greaterThan and lessThanOrEqual across zone offsets',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz', 'events_event'],
      metrics: ['events_count'],
      filters: {
        dimensions: or(
          rule('events_timestamp_tz', 'equals', ['2020-07-11T00:00:00Z']),
          and(
            rule('events_timestamp_tz', 'greaterThan', ['2020-07-11T03:30:00+02:00']),
            rule('events_timestamp_tz', 'lessThanOrEqual', ['2020-07-11 02:22:00']),
          ),
        ),
      },
      sorts: [desc('events_timestamp_tz'), asc('events_event')],
    }),
    sql: `SELECT timestamp_tz, event, COUNT(event) FROM jaffle.events
          WHERE timestamp_tz = '2020-07-11 00:00:00' OR (timestamp_tz > '2020-07-11 01:30:00' AND timestamp_tz <= '2020-07-11 02:22:00')
          GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
    ordered: true,
  },
  {
    name: 'date null checks and notInBetween',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['customers_first_order'],
      metrics: ['customers_date_of_first_created_customer'],
      filters: {
        dimensions: or(
          rule('customers_first_order', 'isNull'),
          and(rule('customers_first_order', 'notNull'), rule('customers_first_order', 'notInBetween', ['2018-01-10', '2018-04-01'])),
        ),
      },
      sorts: [asc('customers_first_order')],
    }),
    sql: `SELECT first_order, MIN(created) FROM jaffle.customers
          WHERE first_order IS NULL OR first_order < '2018-01-10' OR first_order > '2018-04-01' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'date filter on the day grain of a timestamp',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz_hour'],
      metrics: ['events_count'],
      filters: { dimensions: and(rule('events_timestamp_tz_day', 'equals', ['2020-07-04'])) },
      sorts: [asc('events_timestamp_tz_hour')],
    }),
    sql: "SELECT DATE_TRUNC('hour', timestamp_tz), COUNT(event) FROM jaffle.events WHERE CAST(timestamp_tz AS DATE) = '2020-07-04' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    // Only songs have a song time and a song flag; the rest are NULL on both.
    name: 'timestamp greaterThanOrEqual, notInBetween and null checks, boolean null checks',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_event'],
      metrics: ['events_count'],
      customDimensions: [
        {
          id: 'song_time',
          name: 'Song time',
          table: 'events',
          type: 'sql',
          sql: "CASE WHEN ${events.event} = 'song_played' THEN ${events.timestamp_tz} END",
          dimensionType: 'timestamp',
        },
        {
          id: 'is_song',
          name: 'Is song',
          table: 'events',
          type: 'sql',
          sql: "CASE WHEN ${events.event} = 'song_played' THEN TRUE END",
          dimensionType: 'boolean',
        },
      ],
      filters: {
        dimensions: or(
          and(
            rule('song_time', 'isNull'),
            rule('is_song', 'isNull'),
            rule('events_timestamp_tz', 'greaterThanOrEqual', ['2020-08-11T20:00:00Z']),
          ),
          and(
            rule('song_time', 'notNull'),
            rule('is_song', 'notNull'),
            rule('song_time', 'notInBetween', ['2020-07-01 00:00:00', '2020-08-11 18:00:00']),
          ),
        ),
      },
      sorts: [asc('events_event')],
    }),
    sql: `SELECT event, COUNT(event) FROM jaffle.events
          WHERE (event <> 'song_played' AND timestamp_tz >= '2020-08-11 20:00:00') OR (event = 'song_played' AND (timestamp_tz < '2020-07-01' OR timestamp_tz > '2020-08-11 18:00:00'))
          GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
];
