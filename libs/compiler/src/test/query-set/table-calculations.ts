import { and, asc, desc, metricQuery, type NamedQuery, rule } from './named-query';

/** SQL table calculations (dependent ones, parameters, text) and every template, in the query's or their own order. */
export const TABLE_CALCULATIONS: NamedQuery[] = [
  {
    // Integer division on PostgreSQL, exact on DuckDB: the same hand-written SQL says so on each engine.
    name: 'table calculations with a dependent calculation and a filter',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
      tableCalculations: [
        {
          name: 'average_amount',
          displayName: 'Average amount',
          sql: '${orders.total_order_amount} / ${orders.unique_order_count}',
          type: 'number',
        },
        { name: 'doubled_average', displayName: 'Doubled', sql: '${average_amount} * 2', type: 'number' },
      ],
      filters: { tableCalculations: and(rule('average_amount', 'greaterThan', [10])) },
      sorts: [desc('average_amount')],
    }),
    sql: 'SELECT status, t, n, t / n, t / n * 2 FROM (SELECT status, SUM(amount) AS t, COUNT(DISTINCT order_id) AS n FROM jaffle.orders GROUP BY 1) s WHERE t / n > 10 ORDER BY t / n DESC',
    ordered: true,
  },
  {
    name: 'table calculation templates in the query order',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_total_order_amount'],
      tableCalculations: [
        { name: 'running', displayName: 'Running', template: { type: 'running_total', fieldId: 'orders_total_order_amount' } },
        { name: 'share', displayName: 'Share', template: { type: 'percent_of_column_total', fieldId: 'orders_total_order_amount' } },
        { name: 'change', displayName: 'Change', template: { type: 'percent_change_from_previous', fieldId: 'orders_total_order_amount' } },
        { name: 'ranked', displayName: 'Rank', template: { type: 'rank_in_column', fieldId: 'orders_total_order_amount' } },
      ],
      sorts: [asc('orders_order_date_month')],
    }),
    sql: `SELECT m, t, SUM(t) OVER (ORDER BY m), CAST(t AS DOUBLE PRECISION) / SUM(t) OVER (), CAST(t AS DOUBLE PRECISION) / LAG(t) OVER (ORDER BY m) - 1, RANK() OVER (ORDER BY t DESC)
          FROM (SELECT DATE_TRUNC('month', order_date) AS m, SUM(amount) AS t FROM jaffle.orders GROUP BY 1) s ORDER BY m`,
    ordered: true,
  },
  {
    name: 'templates follow a descending query sort',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      tableCalculations: [
        { name: 'running', displayName: 'Running', template: { type: 'running_total', fieldId: 'orders_unique_order_count' } },
        { name: 'change', displayName: 'Change', template: { type: 'percent_change_from_previous', fieldId: 'orders_unique_order_count' } },
      ],
      sorts: [desc('orders_order_date_month')],
    }),
    sql: `SELECT m, n, SUM(n) OVER (ORDER BY m DESC), CAST(n AS DOUBLE PRECISION) / LAG(n) OVER (ORDER BY m DESC) - 1
          FROM (SELECT DATE_TRUNC('month', order_date) AS m, COUNT(DISTINCT order_id) AS n FROM jaffle.orders GROUP BY 1) s ORDER BY m DESC`,
    ordered: true,
  },
  {
    name: 'percent of the previous value in its own order, against the query sort',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_total_order_amount'],
      tableCalculations: [
        {
          name: 'vs_previous',
          displayName: 'Vs previous',
          template: {
            type: 'percent_of_previous_value',
            fieldId: 'orders_total_order_amount',
            orderBy: [{ fieldId: 'orders_order_date_month', order: 'asc' }],
          },
        },
      ],
      sorts: [desc('orders_order_date_month')],
    }),
    sql: `SELECT m, t, CAST(t AS DOUBLE PRECISION) / LAG(t) OVER (ORDER BY m)
          FROM (SELECT DATE_TRUNC('month', order_date) AS m, SUM(amount) AS t FROM jaffle.orders GROUP BY 1) s ORDER BY m DESC`,
    ordered: true,
  },
  {
    name: 'a text table calculation over a dimension and a metric',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      tableCalculations: [
        { name: 'caption', displayName: 'Caption', sql: "CONCAT(${orders.status}, ': ', ${orders.unique_order_count})", type: 'string' },
      ],
      sorts: [asc('orders_status')],
    }),
    sql: "SELECT status, COUNT(DISTINCT order_id), CONCAT(status, ': ', COUNT(DISTINCT order_id)) FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    // `||`, not CONCAT: PostgreSQL cannot type a bound value passed to a function taking "any".
    name: 'table calculations with number and text parameters',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount'],
      tableCalculations: [
        { name: 'scaled', displayName: 'Scaled', sql: '${orders.total_order_amount} * ${ld.parameters.factor}', type: 'number' },
        { name: 'tagged', displayName: 'Tagged', sql: '${orders.status} || ${ld.parameters.suffix}', type: 'string' },
      ],
      sorts: [asc('orders_status')],
    }),
    context: { parameters: { factor: 2.5, suffix: ' (2018)' } },
    sql: "SELECT status, SUM(amount), SUM(amount) * 2.5, status || ' (2018)' FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
];
