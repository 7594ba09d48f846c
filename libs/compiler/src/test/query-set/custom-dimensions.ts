import { and, asc, desc, metricQuery, type NamedQuery, rule } from './named-query';

/**
 * Bins (fixed width, fixed number, custom ranges; sorted or not; on joined tables) and SQL custom
 * dimensions. Bin labels are whole numbers written as text, on every warehouse.
 */
export const CUSTOM_DIMENSIONS: NamedQuery[] = [
  {
    name: 'bins: fixed width and custom ranges, sorted',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['amount_width', 'amount_ranges'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'amount_width',
          name: 'Amount width',
          table: 'orders',
          type: 'bin',
          dimensionId: 'orders_amount',
          binType: 'fixed_width',
          binWidth: 10,
        },
        {
          id: 'amount_ranges',
          name: 'Amount ranges',
          table: 'orders',
          type: 'bin',
          dimensionId: 'orders_amount',
          binType: 'custom_range',
          customRange: [{ to: 10 }, { from: 10, to: 20 }, { from: 20 }],
        },
      ],
      sorts: [asc('amount_width'), asc('amount_ranges')],
    }),
    sql: `SELECT CONCAT(CAST(w * 10 AS BIGINT), ' - ', CAST((w + 1) * 10 - 1 AS BIGINT)), CASE r WHEN 0 THEN '<10' WHEN 1 THEN '10-20' ELSE '≥20' END, COUNT(DISTINCT order_id)
          FROM (SELECT order_id, FLOOR(amount / 10) AS w, CASE WHEN amount < 10 THEN 0 WHEN amount < 20 THEN 1 ELSE 2 END AS r FROM jaffle.orders) s
          GROUP BY w, r ORDER BY w, r`,
    ordered: true,
  },
  {
    // 0 … 58 in 3 bins: width FLOOR(58 / 3) = 19, the last bin runs to the maximum.
    name: 'bins: fixed number, sorted',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['amount_bins'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'amount_bins',
          name: 'Amount bins',
          table: 'orders',
          type: 'bin',
          dimensionId: 'orders_amount',
          binType: 'fixed_number',
          binNumber: 3,
        },
      ],
      sorts: [asc('amount_bins')],
    }),
    sql: `WITH b AS (SELECT FLOOR(MIN(amount)) AS lo, CEIL(MAX(amount)) AS hi, FLOOR((MAX(amount) - MIN(amount)) / 3) AS w FROM jaffle.orders),
          binned AS (SELECT o.order_id, CASE WHEN o.amount < lo + w THEN 0 WHEN o.amount < lo + 2 * w THEN 1 ELSE 2 END AS i, lo, hi, w FROM jaffle.orders o CROSS JOIN b)
          SELECT CASE i WHEN 2 THEN CONCAT(CAST(lo + 2 * w AS BIGINT), ' - ', CAST(hi AS BIGINT)) ELSE CONCAT(CAST(lo + i * w AS BIGINT), ' - ', CAST(lo + (i + 1) * w AS BIGINT)) END,
                 COUNT(DISTINCT order_id)
          FROM binned GROUP BY i, lo, hi, w ORDER BY i`,
    ordered: true,
  },
  {
    // The bounds come from the whole orders table; the filter only picks payments.
    name: 'bins: fixed number on a joined dimension, with a filter',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['order_amount_bins'],
      metrics: ['payments_total_revenue'],
      customDimensions: [
        {
          id: 'order_amount_bins',
          name: 'Order amount bins',
          table: 'orders',
          type: 'bin',
          dimensionId: 'orders_amount',
          binType: 'fixed_number',
          binNumber: 4,
        },
      ],
      filters: { dimensions: and(rule('payments_payment_method', 'equals', ['credit_card', 'coupon'])) },
    }),
    sql: `WITH b AS (SELECT FLOOR(MIN(amount)) AS lo, CEIL(MAX(amount)) AS hi, FLOOR((MAX(amount) - MIN(amount)) / 4) AS w FROM jaffle.orders)
          SELECT CASE WHEN o.amount < lo + w THEN CONCAT(CAST(lo AS BIGINT), ' - ', CAST(lo + w AS BIGINT))
                      WHEN o.amount < lo + 2 * w THEN CONCAT(CAST(lo + w AS BIGINT), ' - ', CAST(lo + 2 * w AS BIGINT))
                      WHEN o.amount < lo + 3 * w THEN CONCAT(CAST(lo + 2 * w AS BIGINT), ' - ', CAST(lo + 3 * w AS BIGINT))
                      ELSE CONCAT(CAST(lo + 3 * w AS BIGINT), ' - ', CAST(hi AS BIGINT)) END,
                 SUM(p.amount)
          FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id CROSS JOIN b
          WHERE p.payment_method IN ('credit_card', 'coupon') GROUP BY 1`,
  },
  {
    name: 'bins: fixed width on a joined dimension, sorted descending',
    explore: 'payments',
    query: metricQuery('payments', {
      dimensions: ['order_amount_width'],
      metrics: ['payments_total_revenue', 'payments_unique_payment_count'],
      customDimensions: [
        {
          id: 'order_amount_width',
          name: 'Order amount width',
          table: 'orders',
          type: 'bin',
          dimensionId: 'orders_amount',
          binType: 'fixed_width',
          binWidth: 20,
        },
      ],
      sorts: [desc('order_amount_width')],
    }),
    sql: `SELECT CONCAT(CAST(w * 20 AS BIGINT), ' - ', CAST((w + 1) * 20 - 1 AS BIGINT)), SUM(amount), COUNT(DISTINCT payment_id)
          FROM (SELECT p.payment_id, p.amount, FLOOR(o.amount / 20) AS w FROM jaffle.payments p LEFT JOIN jaffle.orders o ON o.order_id = p.order_id) s
          GROUP BY w ORDER BY w DESC`,
    ordered: true,
  },
  {
    // Customers without orders have no order count: their bin is NULL.
    name: 'bins: custom ranges with open ends, and nulls',
    explore: 'customers',
    query: metricQuery('customers', {
      dimensions: ['orders_ranges'],
      metrics: ['customers_date_of_first_created_customer'],
      customDimensions: [
        {
          id: 'orders_ranges',
          name: 'Orders ranges',
          table: 'customers',
          type: 'bin',
          dimensionId: 'customers_number_of_orders',
          binType: 'custom_range',
          customRange: [{ to: 2 }, { from: 2, to: 4 }, { from: 4 }],
        },
      ],
    }),
    sql: `SELECT CASE WHEN number_of_orders < 2 THEN '<2' WHEN number_of_orders < 4 THEN '2-4' WHEN number_of_orders >= 4 THEN '≥4' END, MIN(created)
          FROM jaffle.customers GROUP BY 1`,
  },
  {
    name: 'SQL custom dimension, filtered',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['size'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'size',
          name: 'Size',
          table: 'orders',
          type: 'sql',
          sql: "CASE WHEN ${orders.amount} > 20 THEN 'big' ELSE 'small' END",
          dimensionType: 'string',
        },
      ],
      filters: { dimensions: and(rule('size', 'equals', ['big'])) },
      sorts: [asc('size')],
    }),
    sql: "SELECT 'big', COUNT(DISTINCT order_id) FROM jaffle.orders WHERE amount > 20",
    ordered: true,
  },
  {
    name: 'SQL custom dimension of numbers over a joined table, filtered and sorted',
    explore: 'orders',
    query: metricQuery('orders', {
      dimensions: ['name_length'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'name_length',
          name: 'Name length',
          table: 'customers',
          type: 'sql',
          sql: 'LENGTH(${customers.first_name})',
          dimensionType: 'number',
        },
      ],
      filters: { dimensions: and(rule('name_length', 'greaterThan', [5])) },
      sorts: [desc('name_length')],
    }),
    sql: `SELECT LENGTH(c.first_name), COUNT(DISTINCT o.order_id) FROM jaffle.orders o LEFT JOIN jaffle.customers c ON c.customer_id = o.customer_id
          WHERE LENGTH(c.first_name) > 5 GROUP BY 1 ORDER BY 1 DESC`,
    ordered: true,
  },
];
