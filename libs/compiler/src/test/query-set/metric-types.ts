import { KEYED_PAYMENTS, POST_CALCULATIONS, TYPED_METRICS } from './model-patches';
import { asc, metricQuery, type NamedQuery, withModels } from './named-query';

/** Every metric type: aggregates, filtered and non-aggregate metrics, distinct and post-calculation metrics. */
export const METRIC_TYPES: NamedQuery[] = [
  {
    name: 'count_distinct, sum, average, min and max by status',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: [
        'orders_unique_order_count',
        'orders_total_order_amount',
        'orders_average_order_size',
        'orders_date_of_first_order',
        'orders_date_of_most_recent_order',
        'orders_fulfillment_rate',
      ],
      sorts: [asc('orders_status')],
    }),
    sql: `SELECT status, COUNT(DISTINCT order_id), SUM(amount), AVG(amount), MIN(order_date), MAX(order_date), AVG(CASE WHEN is_completed THEN 1 ELSE 0 END)
          FROM jaffle.orders GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'count, percentiles and median of events',
    explore: 'events',
    query: metricQuery('events', {
      dimensions: ['events_event'],
      metrics: ['events_count', 'events_percentile_25', 'events_percentile_50', 'events_percentile_75', 'events_median', 'events_in_gbp'],
      sorts: [asc('events_event')],
    }),
    sql: `SELECT event, COUNT(event), PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY event_id), PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY event_id),
                 PERCENTILE_CONT(0.75) WITHIN GROUP (ORDER BY event_id), PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY event_id), SUM(event_id)
          FROM jaffle.events GROUP BY 1 ORDER BY 1`,
    duckdbSql: `SELECT event, COUNT(event), QUANTILE_CONT(event_id, 0.25), QUANTILE_CONT(event_id, 0.5), QUANTILE_CONT(event_id, 0.75), MEDIAN(event_id), SUM(event_id)
                FROM jaffle.events GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // April has no completed order: both amounts are NULL there, as SUM of nothing is.
    name: 'a metric with a YAML filter and a number metric over two metrics',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_total_completed_order_amount', 'orders_total_non_completed_order_amount'],
      sorts: [asc('orders_order_date_month')],
    }),
    sql: `SELECT DATE_TRUNC('month', order_date), SUM(CASE WHEN is_completed THEN amount END), SUM(amount) - SUM(CASE WHEN is_completed THEN amount END)
          FROM jaffle.orders GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // The timestamp metric reads a metric of the joined customers, so customers are joined.
    name: 'string, boolean, date and timestamp metrics over aggregates',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_size_label', 'orders_is_large', 'orders_first_day', 'orders_last_customer_created'],
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(TYPED_METRICS),
    sql: `SELECT o.status, CASE WHEN SUM(o.amount) > 200 THEN 'large' ELSE 'small' END, SUM(o.amount) > 200, MIN(o.order_date), MAX(c.created)
          FROM jaffle.orders o LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // Each order's amount counts once per payment method it was paid with, however many payments.
    name: 'sum distinct',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['payments_payment_method'],
      metrics: ['orders_distinct_amount'],
      sorts: [asc('payments_payment_method')],
    }),
    prepare: withModels(KEYED_PAYMENTS),
    sql: `SELECT payment_method, SUM(amount) FROM (SELECT DISTINCT p.payment_method, o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s
          GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'average distinct beside a plain sum',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['orders_status'],
      metrics: ['orders_distinct_average', 'payments_total_revenue'],
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(KEYED_PAYMENTS),
    sql: `SELECT d.status, d.average, r.revenue
          FROM (SELECT status, AVG(amount) AS average FROM (SELECT DISTINCT o.status, o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s GROUP BY 1) d
          JOIN (SELECT o.status, SUM(p.amount) AS revenue FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id GROUP BY 1) r ON r.status = d.status
          ORDER BY 1`,
    ordered: true,
  },
  {
    // Shares of the whole total; the running total and the ratio to the previous month follow the month order.
    name: 'post-calculation metrics: percent of total, running total, percent of previous',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_total_order_amount', 'orders_share_of_amount', 'orders_running_amount', 'orders_amount_vs_previous'],
      sorts: [asc('orders_order_date_month')],
    }),
    prepare: withModels(POST_CALCULATIONS),
    sql: `SELECT m, t, CAST(t AS DOUBLE PRECISION) / SUM(t) OVER (), SUM(t) OVER (ORDER BY m), CAST(t AS DOUBLE PRECISION) / LAG(t) OVER (ORDER BY m)
          FROM (SELECT DATE_TRUNC('month', order_date) AS m, SUM(amount) AS t FROM jaffle.orders GROUP BY 1) s ORDER BY m`,
    ordered: true,
  },
];
