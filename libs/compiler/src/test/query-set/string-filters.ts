import { CASE_INSENSITIVE_FIRST_NAME, CASE_INSENSITIVE_ORDERS } from './model-patches';
import { and, asc, metricQuery, type NamedQuery, or, rule, withModels } from './named-query';

/** Every string operator, several values, nulls, case sensitivity from the rule, the dimension and the explore. */
export const STRING_FILTERS: NamedQuery[] = [
  {
    name: 'string equals, startsWith and include in an OR group',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: or(
          rule('orders_status', 'equals', ['completed', 'shipped']),
          rule('orders_status', 'startsWith', ['ret']),
          rule('orders_status', 'include', ['pend']),
        ),
      },
      sorts: [asc('orders_status')],
    }),
    sql: "SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE status IN ('completed', 'shipped') OR status LIKE 'ret%' OR status LIKE '%pend%' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'negative and case-insensitive string filters',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: and(
          rule('orders_status', 'notEquals', ['COMPLETED'], { caseSensitive: false }),
          rule('orders_status', 'doesNotInclude', ['turn']),
          rule('orders_status', 'endsWith', ['ED'], { caseSensitive: false }),
        ),
      },
      sorts: [asc('orders_status')],
    }),
    sql: "SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE UPPER(status) <> 'COMPLETED' AND status NOT LIKE '%turn%' AND UPPER(status) LIKE '%ED' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'endsWith and doesNotInclude with several values',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount'],
      filters: {
        dimensions: and(rule('orders_status', 'endsWith', ['ed', 'ing']), rule('orders_status', 'doesNotInclude', ['omp', 'hip'])),
      },
      sorts: [asc('orders_status')],
    }),
    sql: "SELECT status, SUM(amount) FROM jaffle.orders WHERE (status LIKE '%ed' OR status LIKE '%ing') AND status NOT LIKE '%omp%' AND status NOT LIKE '%hip%' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    // Orders of 20 or less have no "big status": the NULL group is kept by isNull, the others by a nested AND.
    name: 'string null checks in nested groups on a custom dimension',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['big_status'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'big_status',
          name: 'Big status',
          table: 'orders',
          type: 'sql',
          sql: 'CASE WHEN ${orders.amount} > 20 THEN ${orders.status} END',
          dimensionType: 'string',
        },
      ],
      filters: {
        dimensions: or(rule('big_status', 'isNull'), and(rule('big_status', 'notNull'), rule('big_status', 'notEquals', ['completed']))),
      },
      sorts: [asc('big_status')],
    }),
    sql: `SELECT CASE WHEN amount > 20 THEN status END, COUNT(DISTINCT order_id) FROM jaffle.orders
          WHERE amount <= 20 OR (amount > 20 AND status <> 'completed') GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'case-insensitive explore, overridden by a case-sensitive rule',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: or(
          rule('orders_status', 'equals', ['COMPLETED']),
          rule('orders_status', 'include', ['SHIP'], { caseSensitive: true }),
          rule('orders_status', 'startsWith', ['Ret']),
        ),
      },
      sorts: [asc('orders_status')],
    }),
    prepare: withModels(CASE_INSENSITIVE_ORDERS),
    sql: "SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE UPPER(status) = 'COMPLETED' OR status LIKE '%SHIP%' OR UPPER(status) LIKE 'RET%' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'case-insensitive dimension',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['customers_first_name'],
      metrics: ['customers_date_of_first_created_customer'],
      filters: { dimensions: and(rule('customers_first_name', 'startsWith', ['ja', 'AD'])) },
      sorts: [asc('customers_first_name')],
    }),
    prepare: withModels(CASE_INSENSITIVE_FIRST_NAME),
    sql: "SELECT first_name, MIN(created) FROM jaffle.customers WHERE UPPER(first_name) LIKE 'JA%' OR UPPER(first_name) LIKE 'AD%' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    // A rule without values does not filter; the other rule still does.
    name: 'empty filter values do not filter',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: and(
          rule('orders_status', 'equals', []),
          rule('orders_status', 'include', []),
          rule('orders_status', 'startsWith', ['s']),
        ),
      },
      sorts: [asc('orders_status')],
    }),
    sql: "SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE status LIKE 's%' GROUP BY 1 ORDER BY 1",
    ordered: true,
  },
  {
    name: 'string filters on two joined dimensions',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['payments_payment_method'],
      metrics: ['payments_total_revenue'],
      filters: {
        dimensions: and(
          rule('customers_last_name', 'equals', ['P.', 'W.', 'C.']),
          rule('orders_status', 'notEquals', ['returned', 'return_pending']),
        ),
      },
      sorts: [asc('payments_payment_method')],
    }),
    sql: `SELECT p.payment_method, SUM(p.amount) FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id
          WHERE c.last_name IN ('P.', 'W.', 'C.') AND o.status NOT IN ('returned', 'return_pending') GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
];
