import { and, asc, desc, metricQuery, type NamedQuery, rule } from './named-query';

/** Selecting dimensions and metrics, explicit sorts, the default sort, null placement and the limit. */
export const FIELDS_AND_SORTS: NamedQuery[] = [
  {
    name: 'dimension and metric, explicit sort',
    explore: 'orders',
    query: metricQuery('orders', { dimensions: ['orders_status'], metrics: ['orders_total_order_amount'], sorts: [asc('orders_status')] }),
    sql: 'SELECT status, SUM(amount) FROM jaffle.orders GROUP BY status ORDER BY status',
    ordered: true,
  },
  {
    // One status, so each month is one row: the default sort is the month, newest first (not the status).
    name: 'default sort: the first time dimension, descending',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status', 'orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_status', 'equals', ['completed'])) },
    }),
    sql: "SELECT status, DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders WHERE status = 'completed' GROUP BY 1, 2 ORDER BY 2 DESC",
    ordered: true,
  },
  {
    name: 'default sort: the first metric, descending',
    explore: 'orders',
    query: metricQuery('orders', { dimensions: ['orders_status'], metrics: ['orders_total_order_amount', 'orders_unique_order_count'] }),
    sql: 'SELECT status, SUM(amount), COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 2 DESC',
    ordered: true,
  },
  {
    name: 'default sort: the first dimension, ascending, without metrics',
    explore: 'orders',
    query: metricQuery('orders', { dimensions: ['orders_status', 'orders_is_completed'] }),
    sql: 'SELECT DISTINCT status, is_completed FROM jaffle.orders ORDER BY status',
    ordered: true,
  },
  {
    name: 'metrics only, no sort',
    explore: 'orders',
    query: metricQuery('orders', { metrics: ['orders_total_order_amount', 'orders_average_order_size', 'orders_unique_order_count'] }),
    sql: 'SELECT SUM(amount), AVG(amount), COUNT(DISTINCT order_id) FROM jaffle.orders',
  },
  {
    name: 'sorts on several fields in mixed directions',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status', 'orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      sorts: [desc('orders_order_date_month'), asc('orders_status')],
    }),
    sql: "SELECT status, DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1, 2 ORDER BY 2 DESC, 1",
    ordered: true,
  },
  {
    name: 'limit keeps the first rows of the sort',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_total_order_amount'],
      sorts: [desc('orders_total_order_amount'), asc('orders_customer_id')],
      limit: 5,
    }),
    sql: 'SELECT customer_id, SUM(amount) FROM jaffle.orders GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5',
    ordered: true,
  },
  {
    // Customers without orders have no first order: their row sorts first although ascending.
    name: 'nulls first on an ascending sort',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['customers_first_order_month'],
      metrics: ['customers_date_of_first_created_customer'],
      sorts: [{ fieldId: 'customers_first_order_month', descending: false, nullsFirst: true }],
    }),
    sql: "SELECT DATE_TRUNC('month', first_order), MIN(created) FROM jaffle.customers GROUP BY 1 ORDER BY 1 NULLS FIRST",
    ordered: true,
  },
  {
    name: 'nulls last on a descending sort',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['customers_first_order_month'],
      metrics: ['customers_date_of_most_recent_created_customer'],
      sorts: [{ fieldId: 'customers_first_order_month', descending: true, nullsFirst: false }],
    }),
    sql: "SELECT DATE_TRUNC('month', first_order), MAX(created) FROM jaffle.customers GROUP BY 1 ORDER BY 1 DESC NULLS LAST",
    ordered: true,
  },
  {
    // July before August, not alphabetically.
    name: 'month names sort in calendar order',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz_month_name'],
      metrics: ['events_count'],
      sorts: [asc('events_timestamp_tz_month_name')],
    }),
    sql: "SELECT TO_CHAR(timestamp_tz, 'FMMonth'), COUNT(event) FROM jaffle.events GROUP BY 1, EXTRACT(MONTH FROM timestamp_tz) ORDER BY EXTRACT(MONTH FROM timestamp_tz)",
    duckdbSql:
      'SELECT MONTHNAME(timestamp_tz), COUNT(event) FROM jaffle.events GROUP BY 1, EXTRACT(MONTH FROM timestamp_tz) ORDER BY EXTRACT(MONTH FROM timestamp_tz)',
    ordered: true,
  },
  {
    // Sunday to Monday.
    name: 'weekday names sort in calendar order, descending',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_timestamp_tz_day_of_week_name'],
      metrics: ['events_count'],
      sorts: [desc('events_timestamp_tz_day_of_week_name')],
    }),
    sql: "SELECT TO_CHAR(timestamp_tz, 'FMDay'), COUNT(event) FROM jaffle.events GROUP BY 1, EXTRACT(ISODOW FROM timestamp_tz) ORDER BY EXTRACT(ISODOW FROM timestamp_tz) DESC",
    duckdbSql:
      'SELECT DAYNAME(timestamp_tz), COUNT(event) FROM jaffle.events GROUP BY 1, EXTRACT(ISODOW FROM timestamp_tz) ORDER BY EXTRACT(ISODOW FROM timestamp_tz) DESC',
    ordered: true,
  },
];
