import { POST_CALCULATIONS, TYPED_METRICS } from './model-patches';
import { and, asc, desc, metricQuery, type NamedQuery, or, rule, withModels } from './named-query';

/** Metric filters and table-calculation filters: stages after the aggregate, on metrics of every value type. */
export const STAGE_FILTERS: NamedQuery[] = [
  {
    // The filtered metric is not selected: computed, filtered on, not returned.
    name: 'metric filter on a metric that is not selected',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_total_order_amount'],
      filters: { metrics: and(rule('orders_unique_order_count', 'greaterThanOrEqual', [3])) },
      sorts: [asc('orders_customer_id')],
    }),
    sql: 'SELECT customer_id, SUM(amount) FROM jaffle.orders GROUP BY 1 HAVING COUNT(DISTINCT order_id) >= 3 ORDER BY 1',
    ordered: true,
  },
  {
    name: 'metric filter on a date metric',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_date_of_first_order'],
      filters: { metrics: and(rule('orders_date_of_first_order', 'greaterThanOrEqual', ['2018-03-01'])) },
      sorts: [asc('orders_customer_id')],
    }),
    sql: "SELECT customer_id, MIN(order_date) FROM jaffle.orders GROUP BY 1 HAVING MIN(order_date) >= '2018-03-01' ORDER BY 1",
    ordered: true,
  },
  {
    name: 'metric filters in nested groups',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
      filters: {
        metrics: or(
          and(rule('orders_unique_order_count', 'greaterThanOrEqual', [3]), rule('orders_total_order_amount', 'inBetween', [40, 70])),
          rule('orders_total_order_amount', 'greaterThan', [90]),
        ),
      },
      sorts: [asc('orders_customer_id')],
    }),
    sql: `SELECT customer_id, SUM(amount), COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1
          HAVING (COUNT(DISTINCT order_id) >= 3 AND SUM(amount) BETWEEN 40 AND 70) OR SUM(amount) > 90 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'metric filters on a string and a boolean metric',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_size_label', 'orders_is_large'],
      filters: { metrics: and(rule('orders_size_label', 'notEquals', ['small']), rule('orders_is_large', 'equals', [true])) },
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(TYPED_METRICS),
    sql: `SELECT status, CASE WHEN SUM(amount) > 200 THEN 'large' ELSE 'small' END, SUM(amount) > 200 FROM jaffle.orders GROUP BY 1
          HAVING CASE WHEN SUM(amount) > 200 THEN 'large' ELSE 'small' END <> 'small' AND SUM(amount) > 200 ORDER BY 1`,
    ordered: true,
  },
  {
    // Shares are of the whole total: the post-calculation stage comes before the metric filter.
    name: 'metric filter on a percent-of-total metric',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount', 'orders_share_of_amount'],
      filters: { metrics: and(rule('orders_share_of_amount', 'greaterThan', [0.1])) },
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(POST_CALCULATIONS),
    sql: `SELECT status, t, s FROM (SELECT status, t, CAST(t AS DOUBLE PRECISION) / SUM(t) OVER () AS s FROM (SELECT status, SUM(amount) AS t FROM jaffle.orders GROUP BY 1) m) x
          WHERE s > 0.1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'table-calculation filter on a string calculation',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount'],
      tableCalculations: [
        {
          name: 'level',
          displayName: 'Level',
          sql: "CASE WHEN ${orders.total_order_amount} > 100 THEN 'high' ELSE 'low' END",
          type: 'string',
        },
      ],
      filters: { tableCalculations: and(rule('level', 'equals', ['high'])) },
      sorts: [asc('orders_status')],
    }),
    sql: `SELECT status, SUM(amount), CASE WHEN SUM(amount) > 100 THEN 'high' ELSE 'low' END FROM jaffle.orders GROUP BY 1
          HAVING CASE WHEN SUM(amount) > 100 THEN 'high' ELSE 'low' END = 'high' ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'table-calculation filter on a rank template',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_total_order_amount'],
      tableCalculations: [
        {
          name: 'amount_rank',
          displayName: 'Rank',
          type: 'number',
          template: { type: 'rank_in_column', fieldId: 'orders_total_order_amount' },
        },
      ],
      filters: { tableCalculations: and(rule('amount_rank', 'lessThanOrEqual', [5])) },
      sorts: [asc('amount_rank'), asc('orders_customer_id')],
    }),
    sql: `SELECT customer_id, t, r FROM (SELECT customer_id, SUM(amount) AS t, RANK() OVER (ORDER BY SUM(amount) DESC) AS r FROM jaffle.orders GROUP BY 1) x
          WHERE r <= 5 ORDER BY r, customer_id`,
    ordered: true,
  },
  {
    // Shares are of what the metric filter kept: table calculations read the filtered rows.
    name: 'metric filter, then a table calculation and its filter',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_total_order_amount'],
      tableCalculations: [
        {
          name: 'share',
          displayName: 'Share',
          format: { type: 'percent' },
          template: { type: 'percent_of_column_total', fieldId: 'orders_total_order_amount' },
        },
      ],
      filters: {
        metrics: and(rule('orders_unique_order_count', 'greaterThanOrEqual', [2])),
        tableCalculations: and(rule('share', 'greaterThan', [0.05])),
      },
      sorts: [desc('orders_total_order_amount'), asc('orders_customer_id')],
    }),
    sql: `SELECT customer_id, t, s FROM (
            SELECT customer_id, t, CAST(t AS DOUBLE PRECISION) / SUM(t) OVER () AS s
            FROM (SELECT customer_id, SUM(amount) AS t FROM jaffle.orders GROUP BY 1 HAVING COUNT(DISTINCT order_id) >= 2) m) x
          WHERE s > 0.05 ORDER BY t DESC, customer_id`,
    ordered: true,
  },
];
