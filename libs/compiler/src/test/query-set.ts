import { dialectFor } from '@quarry/dialects';
import type { CompileContext, Explore, Metric, MetricQuery } from '@quarry/domain';

/** A query of the shared set: the explore it runs on, the query, and the compile context it needs. */
export interface NamedQuery {
  name: string;
  explore: string;
  query: MetricQuery;
  context?: CompileContext;
  /** Declares on a copy of the explore what the fixture lacks (relationships, keys, metric types). */
  prepare?: (explore: Explore) => Explore;
}

/** Payments with many-to-one joins, orders keyed by order_id, and a sum_distinct metric on orders. */
export function paymentsWithKeys(explore: Explore): Explore {
  const copy = structuredClone(explore);
  for (const join of copy.joinedTables) join.relationship = 'many-to-one';
  const orders = copy.tables['orders'];
  if (orders) {
    orders.primaryKey = ['order_id'];
    const total = orders.metrics['total_order_amount'] as Metric;
    orders.metrics['distinct_amount'] = { ...total, name: 'distinct_amount', type: 'sum_distinct', sql: '${TABLE}.amount', distinctKeys: [`${dialectFor(copy.targetDatabase).quoteTableAlias('orders')}.order_id`] };
  }
  return copy;
}

/** Pinned "now" inside the fixture's data (orders run 2018-01-01 … 2018-04-09), clarification 14. */
export const FIXTURE_NOW = new Date('2018-04-10T15:30:00Z');

function query(explore: string, parts: Partial<MetricQuery>): MetricQuery {
  return { exploreName: explore, dimensions: [], metrics: [], filters: {}, sorts: [], limit: 500, tableCalculations: [], ...parts };
}

const rule = (id: string, fieldId: string, operator: string, values?: unknown[], extra: Record<string, unknown> = {}) =>
  ({ id, target: { fieldId }, operator, ...(values === undefined ? {} : { values }), ...extra }) as never;

/**
 * One query per compiler feature, compiled for every dialect by the snapshot suite and (the
 * PostgreSQL-runnable ones) checked against hand-written SQL by the live suite.
 */
export const QUERY_SET: NamedQuery[] = [
  { name: 'dimension and metric, explicit sort', explore: 'orders', query: query('orders', { dimensions: ['orders_status'], metrics: ['orders_total_order_amount'], sorts: [{ fieldId: 'orders_status', descending: false }] }) },
  { name: 'default sort on the time dimension', explore: 'orders', query: query('orders', { dimensions: ['orders_status', 'orders_order_date_month'], metrics: ['orders_unique_order_count'] }) },
  { name: 'default sort on the first metric', explore: 'orders', query: query('orders', { dimensions: ['orders_status'], metrics: ['orders_unique_order_count'] }) },
  { name: 'metrics only, no sort', explore: 'orders', query: query('orders', { metrics: ['orders_total_order_amount', 'orders_average_order_size'] }) },
  { name: 'joined table through an intermediary', explore: 'payments', query: query('payments', { dimensions: ['customers_first_name'], metrics: ['payments_total_revenue'], sorts: [{ fieldId: 'customers_first_name', descending: false }] }) },
  { name: 'nulls first sort', explore: 'orders', query: query('orders', { dimensions: ['customers_first_name'], metrics: ['orders_total_order_amount'], sorts: [{ fieldId: 'orders_total_order_amount', descending: true, nullsFirst: true }], limit: 5 }) },
  {
    name: 'string filters',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: { id: 'g', or: [rule('a', 'orders_status', 'equals', ['completed', 'shipped']), rule('b', 'orders_status', 'startsWith', ['ret']), rule('c', 'orders_status', 'include', ['pend'])] } },
      sorts: [{ fieldId: 'orders_status', descending: false }],
    }),
  },
  {
    name: 'negative and case-insensitive string filters',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: { id: 'g', and: [rule('a', 'orders_status', 'notEquals', ['COMPLETED'], { caseSensitive: false }), rule('b', 'orders_status', 'doesNotInclude', ['turn']), rule('c', 'orders_status', 'endsWith', ['ED'], { caseSensitive: false })] } },
      sorts: [{ fieldId: 'orders_status', descending: false }],
    }),
  },
  {
    name: 'number filters in nested groups',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_order_id'],
      metrics: ['orders_total_order_amount'],
      filters: {
        dimensions: {
          id: 'g',
          and: [
            { id: 'g2', or: [rule('a', 'orders_amount', 'greaterThan', [20]), rule('b', 'orders_amount', 'inBetween', [0, 2])] },
            rule('c', 'orders_order_id', 'notEquals', [1, 2]),
            rule('d', 'orders_amount', 'notInBetween', [25, 30]),
            rule('e', 'orders_customer_id', 'lessThanOrEqual', [50.5]),
          ],
        },
      },
      sorts: [{ fieldId: 'orders_order_id', descending: false }],
    }),
  },
  {
    name: 'boolean and null filters, disabled rule',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_is_completed'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: { id: 'g', and: [rule('a', 'orders_is_completed', 'notEquals', [true]), rule('b', 'orders_status', 'notNull'), rule('c', 'orders_amount', 'isNull', undefined, { disabled: true })] } },
    }),
  },
  {
    name: 'absolute date filters',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: { id: 'g', and: [rule('a', 'orders_order_date', 'inBetween', ['2018-01-15', '2018-03-20']), rule('b', 'orders_order_date', 'notEquals', ['2018-02-01'])] } },
    }),
  },
  {
    name: 'relative date filters in the query time zone',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      timezone: 'America/New_York',
      filters: { dimensions: { id: 'g', or: [rule('a', 'orders_order_date', 'inThePast', [14], { settings: { unitOfTime: 'days' } }), rule('b', 'orders_order_date', 'inThePast', [1], { settings: { unitOfTime: 'months', completed: true } })] } },
    }),
    context: { now: FIXTURE_NOW },
  },
  {
    name: 'in the current and next periods',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_order_date'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: { id: 'g', or: [rule('a', 'orders_order_date', 'inTheCurrent', [1], { settings: { unitOfTime: 'weeks' } }), rule('b', 'orders_order_date', 'inTheNext', [2], { settings: { unitOfTime: 'days' } })] } },
    }),
    context: { now: FIXTURE_NOW },
  },
  {
    name: 'metric filter as a CTE stage',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_total_order_amount'],
      filters: { metrics: { id: 'g', and: [rule('a', 'orders_unique_order_count', 'greaterThanOrEqual', [3])] } },
      sorts: [{ fieldId: 'orders_customer_id', descending: false }],
    }),
  },
  {
    name: 'table calculations with a dependent calculation and a filter',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
      tableCalculations: [
        { name: 'average_amount', displayName: 'Average amount', sql: '${orders.total_order_amount} / ${orders.unique_order_count}', type: 'number' },
        { name: 'doubled_average', displayName: 'Doubled', sql: '${average_amount} * 2', type: 'number' },
      ],
      filters: { tableCalculations: { id: 'g', and: [rule('a', 'average_amount', 'greaterThan', [10])] } },
      sorts: [{ fieldId: 'average_amount', descending: true }],
    }),
  },
  {
    name: 'table calculation templates',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_total_order_amount'],
      tableCalculations: [
        { name: 'running', displayName: 'Running', template: { type: 'running_total', fieldId: 'orders_total_order_amount' } },
        { name: 'share', displayName: 'Share', template: { type: 'percent_of_column_total', fieldId: 'orders_total_order_amount' } },
        { name: 'change', displayName: 'Change', template: { type: 'percent_change_from_previous', fieldId: 'orders_total_order_amount' } },
        { name: 'ranked', displayName: 'Rank', template: { type: 'rank_in_column', fieldId: 'orders_total_order_amount' } },
      ],
      sorts: [{ fieldId: 'orders_order_date_month', descending: false }],
    }),
  },
  {
    name: 'custom metrics with filters',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_max_amount', 'orders_big_orders', 'orders_p90_amount'],
      additionalMetrics: [
        { name: 'max_amount', table: 'orders', type: 'max', sql: '${TABLE}.amount' },
        { name: 'big_orders', table: 'orders', type: 'count', sql: '${TABLE}.order_id', filters: [{ id: 'f', target: { fieldRef: 'amount' }, operator: 'greaterThan', values: [15] }] },
        { name: 'p90_amount', table: 'orders', type: 'percentile', sql: '${amount}', percentile: 90 },
      ],
      sorts: [{ fieldId: 'orders_status', descending: false }],
    }),
  },
  {
    name: 'bins: fixed width and custom ranges, sorted',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['amount_width', 'amount_ranges'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        { id: 'amount_width', name: 'Amount width', table: 'orders', type: 'bin', dimensionId: 'orders_amount', binType: 'fixed_width', binWidth: 10 },
        { id: 'amount_ranges', name: 'Amount ranges', table: 'orders', type: 'bin', dimensionId: 'orders_amount', binType: 'custom_range', customRange: [{ to: 10 }, { from: 10, to: 20 }, { from: 20 }] },
      ],
      sorts: [{ fieldId: 'amount_width', descending: false }, { fieldId: 'amount_ranges', descending: false }],
    }),
  },
  {
    name: 'bins: fixed number',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['amount_bins'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [{ id: 'amount_bins', name: 'Amount bins', table: 'orders', type: 'bin', dimensionId: 'orders_amount', binType: 'fixed_number', binNumber: 3 }],
      sorts: [{ fieldId: 'amount_bins', descending: false }],
    }),
  },
  {
    name: 'SQL custom dimension',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['size'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [{ id: 'size', name: 'Size', table: 'orders', type: 'sql', sql: "CASE WHEN ${orders.amount} > 20 THEN 'big' ELSE 'small' END", dimensionType: 'string' }],
      filters: { dimensions: { id: 'g', and: [rule('a', 'size', 'equals', ['big'])] } },
      sorts: [{ fieldId: 'size', descending: false }],
    }),
  },
  {
    name: 'month name sorted in calendar order',
    explore: 'events',
    query: query('events', { dimensions: ['events_timestamp_tz_month_name'], metrics: ['events_count'], sorts: [{ fieldId: 'events_timestamp_tz_month_name', descending: false }] }),
  },
  {
    name: 'date zoom',
    explore: 'orders',
    query: query('orders', { dimensions: ['orders_order_date_month'], metrics: ['orders_unique_order_count'], sorts: [{ fieldId: 'orders_order_date_month', descending: false }] }),
    context: { dateZoom: { granularity: 'Week' } },
  },
  {
    name: 'parameters and user attributes',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['status_param'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [{ id: 'status_param', name: 'Status param', table: 'orders', type: 'sql', sql: "CASE WHEN ${orders.status} = ${ld.parameters.status} OR ${orders.status} IN (${ld.attr.allowed}) THEN 'match' ELSE 'other' END", dimensionType: 'string' }],
      sorts: [{ fieldId: 'status_param', descending: false }],
    }),
    context: { parameters: { status: 'returned' }, userAttributes: { allowed: ['completed', 'shipped'] } },
  },
  {
    name: 'fan-out protection with a primary key',
    explore: 'payments',
    query: query('payments', { dimensions: ['payments_payment_method'], metrics: ['orders_total_order_amount', 'payments_total_revenue'], sorts: [{ fieldId: 'payments_payment_method', descending: false }] }),
    prepare: paymentsWithKeys,
  },
  {
    name: 'sum distinct',
    explore: 'payments',
    query: query('payments', { dimensions: ['payments_payment_method'], metrics: ['orders_distinct_amount'], sorts: [{ fieldId: 'payments_payment_method', descending: false }] }),
    prepare: paymentsWithKeys,
  },
  {
    name: 'period over period',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_order_date_month', 'orders_status'],
      metrics: ['orders_total_order_amount'],
      filters: { dimensions: { id: 'g', and: [rule('a', 'orders_order_date', 'inBetween', ['2018-02-01', '2018-04-30']), rule('b', 'orders_status', 'equals', ['completed', 'returned'])] } },
      periodOverPeriod: { type: 'previousPeriod', field: { table: 'orders', name: 'order_date_month' }, granularity: 'MONTH', periodOffset: 1 },
      sorts: [{ fieldId: 'orders_order_date_month', descending: false }, { fieldId: 'orders_status', descending: false }],
    }),
  },
  {
    name: 'metric filter on a date metric',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_customer_id'],
      metrics: ['orders_date_of_first_order'],
      filters: { metrics: { id: 'g', and: [rule('a', 'orders_date_of_first_order', 'greaterThanOrEqual', ['2018-03-01'])] } },
      sorts: [{ fieldId: 'orders_customer_id', descending: false }],
    }),
  },
  {
    name: 'period to date',
    explore: 'orders',
    query: query('orders', {
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: { id: 'g', and: [rule('a', 'orders_order_date', 'inPeriodToDate', [], { settings: { unitOfTime: 'months' } }), rule('b', 'orders_order_date', 'inPeriodToDate', [], { settings: { unitOfTime: 'years' } })] } },
      sorts: [{ fieldId: 'orders_order_date_month', descending: false }],
    }),
    context: { now: FIXTURE_NOW },
  },
];
