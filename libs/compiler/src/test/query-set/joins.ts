import { CUSTOMERS_FULL_JOIN, J_CUSTOMERS_ALWAYS, J_CUSTOMERS_INNER } from './model-patches';
import { and, asc, metricQuery, type NamedQuery, rule, withModels } from './named-query';

/**
 * Joins only when referenced (by fields, filters, or an intermediary's ON clause), `always`
 * joins, and join types. The inner join on J-customers drops rows when present, so the rows tell
 * whether it was joined.
 */
export const JOINS: NamedQuery[] = [
  {
    name: 'joined table through an intermediary',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['customers_first_name'],
      metrics: ['payments_total_revenue'],
      sorts: [asc('customers_first_name')],
    }),
    sql: `SELECT c.first_name, SUM(p.amount) FROM jaffle.payments p
          LEFT JOIN jaffle.orders o ON o.order_id = p.order_id LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id
          GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'an unreferenced inner join is left out',
    explore: 'orders',
    query: metricQuery('orders', { dimensions: ['orders_status'], metrics: ['orders_unique_order_count'], sorts: [asc('orders_status')] }),
    prepare: withModels(J_CUSTOMERS_INNER),
    sql: 'SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 1',
    ordered: true,
  },
  {
    name: 'a referenced inner join drops the rows it does not match',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status', 'customers_first_name'],
      metrics: ['orders_unique_order_count'],
      sorts: [asc('orders_status'), asc('customers_first_name')],
    }),
    prepare: withModels(J_CUSTOMERS_INNER),
    sql: `SELECT o.status, c.first_name, COUNT(DISTINCT o.order_id) FROM jaffle.orders o
          JOIN jaffle.customers c ON c.customer_id = o.customer_id AND c.first_name LIKE 'J%'
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ordered: true,
  },
  {
    name: 'a join marked always is joined without being referenced',
    explore: 'orders',
    query: metricQuery('orders', { dimensions: ['orders_status'], metrics: ['orders_unique_order_count'], sorts: [asc('orders_status')] }),
    prepare: withModels(J_CUSTOMERS_ALWAYS),
    sql: `SELECT o.status, COUNT(DISTINCT o.order_id) FROM jaffle.orders o
          JOIN jaffle.customers c ON c.customer_id = o.customer_id AND c.first_name LIKE 'J%' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'a filter on a joined field joins its table',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount'],
      filters: { dimensions: and(rule('customers_first_name', 'startsWith', ['J', 'A'])) },
      sorts: [asc('orders_status')],
    }),
    sql: `SELECT o.status, SUM(o.amount) FROM jaffle.orders o LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id
          WHERE c.first_name LIKE 'J%' OR c.first_name LIKE 'A%' GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    // Customers without orders appear, with no order counted.
    name: 'a full outer join keeps the rows of both sides',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['customers_customer_id'],
      metrics: ['orders_unique_order_count'],
      sorts: [asc('customers_customer_id')],
    }),
    prepare: withModels(CUSTOMERS_FULL_JOIN),
    sql: `SELECT c.customer_id, COUNT(DISTINCT o.order_id) FROM jaffle.orders o FULL JOIN jaffle.customers c ON c.customer_id = o.customer_id
          GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
];
