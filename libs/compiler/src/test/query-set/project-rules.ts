import { COMPLETED_ORDERS_REQUIRED, J_CUSTOMERS_REQUIRED, ORDERS_OF_NAMED_CUSTOMERS, RECENT_ORDERS_REQUIRED } from './model-patches';
import { and, asc, metricQuery, type NamedQuery, rule, withModels } from './named-query';

/** Rules of the project applied to every query: sql_where, required filters, user attributes, parameters. */
export const PROJECT_RULES: NamedQuery[] = [
  {
    name: 'sql_where with a user attribute',
    explore: 'users',
    query: metricQuery('users', { dimensions: ['users_first_name', 'users_last_name'] }),
    context: { userAttributes: { customer_id: '7' } },
    sql: 'SELECT first_name, last_name FROM jaffle.users WHERE customer_id = 7',
    ordered: true,
  },
  {
    name: 'sql_where with a list attribute, reading a joined table',
    explore: 'orders',
    query: metricQuery('orders', { dimensions: ['orders_status'], metrics: ['orders_unique_order_count'], sorts: [asc('orders_status')] }),
    prepare: withModels(ORDERS_OF_NAMED_CUSTOMERS),
    context: { userAttributes: { names: ['Adam', 'Lisa'] } },
    sql: `SELECT o.status, COUNT(DISTINCT o.order_id) FROM jaffle.orders o LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id
          WHERE c.first_name IN ('Adam', 'Lisa') GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // The default filter (is_completed false) would leave nothing: queries may drop it, and this one does.
    name: 'a required filter applies, a default filter does not',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      sorts: [asc('orders_order_date_month')],
    }),
    prepare: withModels(COMPLETED_ORDERS_REQUIRED),
    sql: "SELECT DATE_TRUNC('month', order_date), COUNT(DISTINCT order_id) FROM jaffle.orders WHERE status = 'completed' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'a required filter gives way to a query filter on its dimension',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_status', 'equals', ['returned', 'shipped'])) },
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(COMPLETED_ORDERS_REQUIRED),
    sql: "SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE status IN ('returned', 'shipped') GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'a required filter on a joined table joins it',
    explore: 'orders',
    query: metricQuery('orders', { dimensions: ['orders_status'], metrics: ['orders_total_order_amount'], sorts: [asc('orders_status')] }),
    prepare: withModels(J_CUSTOMERS_REQUIRED),
    sql: `SELECT o.status, SUM(o.amount) FROM jaffle.orders o LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id
          WHERE c.first_name LIKE 'J%' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // 03:00 UTC on 2018-04-09 is 20:00 on 2018-04-08 in Los Angeles: the past day is 2018-04-07 … 2018-04-08
    // (in UTC it would be 2018-04-08 … 2018-04-09).
    name: 'a required relative date filter, in the query time zone',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      timezone: 'America/Los_Angeles',
    }),
    prepare: withModels(RECENT_ORDERS_REQUIRED),
    context: { now: new Date('2018-04-09T03:00:00Z') },
    sql: "SELECT order_date, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE order_date BETWEEN '2018-04-07' AND '2018-04-08' GROUP BY 1 ORDER BY 1 DESC",
    ordered: true,
  },
  {
    name: 'parameters and user attributes in a custom dimension',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['status_param'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'status_param',
          name: 'Status param',
          table: 'orders',
          type: 'sql',
          sql: "CASE WHEN ${orders.status} = ${ld.parameters.status} OR ${orders.status} IN (${ld.attr.allowed}) THEN 'match' ELSE 'other' END",
          dimensionType: 'string',
        },
      ],
      sorts: [asc('status_param')],
    }),
    context: { parameters: { status: 'returned' }, userAttributes: { allowed: ['completed', 'shipped'] } },
    sql: "SELECT CASE WHEN status IN ('returned', 'completed', 'shipped') THEN 'match' ELSE 'other' END, COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    // `orders.min_amount` is model-scoped: it falls back to the project parameter `min_amount`.
    name: 'number, list and model-scoped parameters',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['kept', 'orders_status'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'kept',
          name: 'Kept',
          table: 'orders',
          type: 'sql',
          sql: "CASE WHEN ${orders.amount} >= ${ld.parameters.orders.min_amount} AND ${orders.status} IN (${lightdash.parameters.statuses}) THEN 'kept' ELSE 'other' END",
          dimensionType: 'string',
        },
      ],
      sorts: [asc('kept'), asc('orders_status')],
    }),
    context: { parameters: { min_amount: 20, statuses: ['completed', 'placed'] } },
    sql: `SELECT CASE WHEN amount >= 20 AND status IN ('completed', 'placed') THEN 'kept' ELSE 'other' END, status, COUNT(DISTINCT order_id)
          FROM jaffle.orders GROUP BY 1, 2 ORDER BY 1, 2`,
    ordered: true,
  },
  {
    name: 'the user email and an attribute in a custom dimension',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['owner'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'owner',
          name: 'Owner',
          table: 'orders',
          type: 'sql',
          sql: "CASE WHEN ${orders.status} IN (${ld.attr.mine}) THEN ${ld.user.email} ELSE 'someone else' END",
          dimensionType: 'string',
        },
      ],
      sorts: [asc('owner')],
    }),
    context: { user: { email: 'ana@example.com' }, userAttributes: { mine: 'placed' } },
    sql: "SELECT CASE WHEN status = 'placed' THEN 'ana@example.com' ELSE 'someone else' END, COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
];
