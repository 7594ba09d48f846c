import { and, asc, metricQuery, type NamedQuery, ORDERS_NOW, rule } from './named-query';

/** Custom metrics of the query: every aggregate type, their filters (relative dates in the query zone), on joined tables, in later stages. */
export const ADDITIONAL_METRICS: NamedQuery[] = [
  {
    name: 'custom max, filtered count and percentile',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_max_amount', 'orders_big_orders', 'orders_p90_amount'],
      additionalMetrics: [
        { name: 'max_amount', table: 'orders', type: 'max', sql: '${TABLE}.amount' },
        {
          name: 'big_orders',
          table: 'orders',
          type: 'count',
          sql: '${TABLE}.order_id',
          filters: [{ id: 'f', target: { fieldRef: 'amount' }, operator: 'greaterThan', values: [15] }],
        },
        { name: 'p90_amount', table: 'orders', type: 'percentile', sql: '${amount}', percentile: 90 },
      ],
      sorts: [asc('orders_status')],
    }),
    sql: 'SELECT status, MAX(amount), COUNT(CASE WHEN amount > 15 THEN order_id END), PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY amount) FROM jaffle.orders GROUP BY 1 ORDER BY 1',
    duckdbSql:
      'SELECT status, MAX(amount), COUNT(CASE WHEN amount > 15 THEN order_id END), QUANTILE_CONT(amount, 0.9) FROM jaffle.orders GROUP BY 1 ORDER BY 1',
    ordered: true,
  },
  {
    name: 'custom sum, average, min, count_distinct and median',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['payments_payment_method'],
      metrics: ['payments_sum_amount', 'payments_avg_amount', 'payments_min_amount', 'payments_orders_paid', 'payments_median_amount'],
      additionalMetrics: [
        { name: 'sum_amount', table: 'payments', type: 'sum', sql: '${TABLE}.amount' },
        { name: 'avg_amount', table: 'payments', type: 'average', sql: '${amount}' },
        { name: 'min_amount', table: 'payments', type: 'min', sql: '${TABLE}.amount' },
        { name: 'orders_paid', table: 'payments', type: 'count_distinct', sql: '${TABLE}.order_id' },
        { name: 'median_amount', table: 'payments', type: 'median', sql: '${payments.amount}' },
      ],
      sorts: [asc('payments_payment_method')],
    }),
    sql: 'SELECT payment_method, SUM(amount), AVG(amount), MIN(amount), COUNT(DISTINCT order_id), PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY amount) FROM jaffle.payments GROUP BY 1 ORDER BY 1',
    duckdbSql:
      'SELECT payment_method, SUM(amount), AVG(amount), MIN(amount), COUNT(DISTINCT order_id), MEDIAN(amount) FROM jaffle.payments GROUP BY 1 ORDER BY 1',
    ordered: true,
  },
  {
    name: 'custom metric filters on text, date and boolean dimensions',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_filtered_amount'],
      additionalMetrics: [
        {
          name: 'filtered_amount',
          label: 'Filtered amount',
          table: 'orders',
          type: 'sum',
          sql: '${TABLE}.amount',
          filters: [
            { id: 'a', target: { fieldRef: 'status' }, operator: 'notEquals', values: ['returned'] },
            { id: 'b', target: { fieldRef: 'orders.order_date' }, operator: 'inBetween', values: ['2018-01-10', '2018-03-15'] },
            { id: 'c', target: { fieldRef: 'is_completed' }, operator: 'equals', values: [true] },
          ],
        },
      ],
      sorts: [asc('orders_order_date_month')],
    }),
    sql: `SELECT DATE_TRUNC('month', order_date), SUM(CASE WHEN status <> 'returned' AND order_date BETWEEN '2018-01-10' AND '2018-03-15' AND is_completed THEN amount END)
          FROM jaffle.orders GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'custom metrics on a joined table',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['payments_payment_method'],
      metrics: ['customers_paying_customers', 'customers_first_created'],
      additionalMetrics: [
        { name: 'paying_customers', table: 'customers', type: 'count_distinct', sql: '${TABLE}.customer_id' },
        { name: 'first_created', table: 'customers', type: 'min', sql: '${created}' },
      ],
      sorts: [asc('payments_payment_method')],
    }),
    sql: `SELECT p.payment_method, COUNT(DISTINCT c.customer_id), MIN(c.created) FROM jaffle.payments p
          LEFT JOIN jaffle.orders o ON o.order_id = p.order_id LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'a custom metric in a metric filter and a table calculation',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_avg_amount', 'orders_unique_order_count'],
      additionalMetrics: [{ name: 'avg_amount', table: 'orders', type: 'average', sql: '${TABLE}.amount' }],
      tableCalculations: [
        { name: 'rebuilt_total', displayName: 'Rebuilt total', sql: '${orders.avg_amount} * ${orders.unique_order_count}', type: 'number' },
      ],
      filters: { metrics: and(rule('orders_avg_amount', 'greaterThan', [30])) },
      sorts: [asc('orders_customer_id')],
    }),
    sql: 'SELECT customer_id, AVG(amount), COUNT(DISTINCT order_id), AVG(amount) * COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 HAVING AVG(amount) > 30 ORDER BY 1',
    ordered: true,
  },
  {
    // 11:30 on 2018-04-10 in New York: the past 14 days run from 2018-03-27.
    name: 'a custom metric with a relative date filter, in the query time zone',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_recent_orders'],
      timezone: 'America/New_York',
      additionalMetrics: [
        {
          name: 'recent_orders',
          table: 'orders',
          type: 'count_distinct',
          sql: '${TABLE}.order_id',
          filters: [{ id: 'r', target: { fieldRef: 'order_date' }, operator: 'inThePast', values: [14], settings: { unitOfTime: 'days' } }],
        },
      ],
      sorts: [asc('orders_status')],
    }),
    context: { now: ORDERS_NOW },
    sql: "SELECT status, COUNT(DISTINCT CASE WHEN order_date BETWEEN '2018-03-27' AND '2018-04-10' THEN order_id END) FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
];
