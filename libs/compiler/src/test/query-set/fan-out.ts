import { CUSTOMERS_WITH_ORDERS, KEYED_CUSTOMERS_OF_ORDERS, KEYED_PAYMENTS } from './model-patches';
import { and, asc, metricQuery, type NamedQuery, rule, withModels } from './named-query';

/**
 * Fan-out protection: a join that repeats rows of a keyed table (many-to-one: the joined table;
 * one-to-many: the other side) must not inflate that table's sums and averages. The expected
 * rows count each row of the repeated table once per group.
 */
export const FAN_OUT: NamedQuery[] = [
  {
    name: 'fan-out protection of a joined table with a primary key',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['payments_payment_method'],
      metrics: ['orders_total_order_amount', 'payments_total_revenue'],
      sorts: [asc('payments_payment_method')],
    }),
    prepare: withModels(KEYED_PAYMENTS),
    sql: `SELECT o.payment_method, o.total, p.revenue FROM
            (SELECT payment_method, SUM(amount) AS total FROM (SELECT DISTINCT p.payment_method, o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s GROUP BY 1) o
            JOIN (SELECT payment_method, SUM(amount) AS revenue FROM jaffle.payments GROUP BY 1) p ON p.payment_method = o.payment_method ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'fan-out protection without dimensions, with a filter',
    explore: 'payments',
    query: metricQuery('payments', {
      metrics: ['orders_total_order_amount', 'orders_average_order_size', 'payments_total_revenue'],
      filters: { dimensions: and(rule('payments_payment_method', 'notEquals', ['coupon'])) },
    }),
    prepare: withModels(KEYED_PAYMENTS),
    sql: `WITH reached AS (SELECT DISTINCT o.order_id, o.amount FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id WHERE p.payment_method <> 'coupon')
          SELECT (SELECT SUM(amount) FROM reached), (SELECT AVG(amount) FROM reached), (SELECT SUM(amount) FROM jaffle.payments WHERE payment_method <> 'coupon')`,
  },
  {
    name: 'fan-out protection of the customers joined to orders',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['customers_total_lifetime_value', 'orders_total_order_amount'],
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(KEYED_CUSTOMERS_OF_ORDERS),
    sql: `SELECT c.status, c.value, o.total FROM
            (SELECT status, SUM(customer_lifetime_value) AS value FROM (SELECT DISTINCT o.status, c.customer_id, c.customer_lifetime_value FROM jaffle.orders o LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id) s GROUP BY 1) c
            JOIN (SELECT status, SUM(amount) AS total FROM jaffle.orders GROUP BY 1) o ON o.status = c.status ORDER BY 1`,
    ordered: true,
  },
  {
    // Customers without orders form the NULL status group, with no declared orders and no order counted.
    name: 'fan-out protection of a one-to-many join',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['orders_status'],
      metrics: ['customers_total_declared_orders', 'orders_unique_order_count'],
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(CUSTOMERS_WITH_ORDERS),
    sql: `SELECT k.status, k.declared, n.orders FROM
            (SELECT status, SUM(number_of_orders) AS declared FROM (SELECT DISTINCT o.status, c.customer_id, c.number_of_orders FROM jaffle.customers c LEFT JOIN jaffle.orders o ON o.customer_id = c.customer_id) s GROUP BY 1) k
            JOIN (SELECT o.status, COUNT(DISTINCT o.order_id) AS orders FROM jaffle.customers c LEFT JOIN jaffle.orders o ON o.customer_id = c.customer_id GROUP BY 1) n ON n.status IS NOT DISTINCT FROM k.status
          ORDER BY 1`,
    ordered: true,
  },
];
