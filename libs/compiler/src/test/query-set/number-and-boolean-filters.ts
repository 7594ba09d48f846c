import { and, asc, metricQuery, type NamedQuery, or, rule } from './named-query';

/** Every number operator (decimal values on integer columns included), boolean operators, nulls (which negative operators keep), disabled rules. */
export const NUMBER_AND_BOOLEAN_FILTERS: NamedQuery[] = [
  {
    name: 'number filters in nested groups',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_id'],
      metrics: ['orders_total_order_amount'],
      filters: {
        dimensions: and(
          or(rule('orders_amount', 'greaterThan', [20]), rule('orders_amount', 'inBetween', [0, 2])),
          rule('orders_order_id', 'notEquals', [1, 2]),
          rule('orders_amount', 'notInBetween', [25, 30]),
          rule('orders_customer_id', 'lessThanOrEqual', [50.5]),
        ),
      },
      sorts: [asc('orders_order_id')],
    }),
    sql: `SELECT order_id, SUM(amount) FROM jaffle.orders
          WHERE (amount > 20 OR amount BETWEEN 0 AND 2) AND order_id NOT IN (1, 2) AND (amount < 25 OR amount > 30) AND customer_id <= 50
          GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'number equals, lessThan and greaterThanOrEqual',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_order_id'],
      metrics: ['orders_total_order_amount'],
      filters: {
        dimensions: or(
          rule('orders_order_id', 'equals', [1, 2, 3]),
          and(rule('orders_amount', 'greaterThanOrEqual', [45.5]), rule('orders_amount', 'lessThan', [58])),
        ),
      },
      sorts: [asc('orders_order_id')],
    }),
    sql: 'SELECT order_id, SUM(amount) FROM jaffle.orders WHERE order_id IN (1, 2, 3) OR (amount >= 46 AND amount < 58) GROUP BY 1 ORDER BY 1',
    ordered: true,
  },
  {
    // Customers without orders have no order count and no lifetime value.
    name: 'number null checks',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['customers_number_of_orders'],
      metrics: ['customers_date_of_first_created_customer'],
      filters: {
        dimensions: or(
          rule('customers_number_of_orders', 'isNull'),
          and(rule('customers_customer_lifetime_value', 'notNull'), rule('customers_number_of_orders', 'greaterThan', [2])),
        ),
      },
      sorts: [asc('customers_number_of_orders')],
    }),
    sql: `SELECT number_of_orders, MIN(created) FROM jaffle.customers
          WHERE number_of_orders IS NULL OR (customer_lifetime_value IS NOT NULL AND number_of_orders > 2) GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
  {
    name: 'boolean and null filters, disabled rule',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_is_completed'],
      metrics: ['orders_unique_order_count'],
      filters: {
        dimensions: and(
          rule('orders_is_completed', 'notEquals', [true]),
          rule('orders_status', 'notNull'),
          rule('orders_amount', 'isNull', undefined, { disabled: true }),
        ),
      },
    }),
    sql: 'SELECT is_completed, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE is_completed IS NOT TRUE AND status IS NOT NULL GROUP BY 1',
  },
  {
    // `false` as text, as a query string would send it.
    name: 'boolean equals false and notNull',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: and(rule('orders_is_completed', 'equals', ['false']), rule('orders_is_completed', 'notNull')) },
      sorts: [asc('orders_status')],
    }),
    sql: 'SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders WHERE NOT is_completed GROUP BY 1 ORDER BY 1',
    ordered: true,
  },
  {
    // Customers without orders are NULL on every filtered field: each negative rule keeps them.
    // With orders, a repeat customer is one with more than one order.
    name: 'negative operators keep nulls, on every type',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['customers_number_of_orders'],
      metrics: ['customers_date_of_first_created_customer'],
      customDimensions: [
        {
          id: 'repeat_name',
          name: 'Repeat name',
          table: 'customers',
          type: 'sql',
          sql: 'CASE WHEN ${customers.number_of_orders} > 1 THEN ${customers.first_name} END',
          dimensionType: 'string',
        },
        {
          id: 'is_repeat',
          name: 'Is repeat',
          table: 'customers',
          type: 'sql',
          sql: '${customers.number_of_orders} > 1',
          dimensionType: 'boolean',
        },
      ],
      filters: {
        dimensions: and(
          rule('customers_number_of_orders', 'notEquals', [1]),
          rule('customers_first_order', 'notEquals', ['2018-01-01']),
          rule('repeat_name', 'doesNotInclude', ['a']),
          rule('repeat_name', 'notEquals', ['Adam']),
          rule('is_repeat', 'notEquals', [false]),
        ),
      },
      sorts: [asc('customers_number_of_orders')],
    }),
    sql: `SELECT number_of_orders, MIN(created) FROM jaffle.customers
          WHERE number_of_orders IS NULL OR (number_of_orders > 1 AND first_name NOT LIKE '%a%' AND first_name <> 'Adam' AND first_order <> '2018-01-01')
          GROUP BY 1 ORDER BY 1`,
    ordered: true,
  },
];
