import type { Explore } from '@quarry/domain';

import { jaffleExplore, type ModelPatch } from '../jaffle-explores';

/**
 * Pre-aggregates added to the jaffle fixture for tests, as a project would declare them: joins
 * declare their relationship (a rollup refuses sums across a join that may repeat rows).
 */
export const JAFFLE_PRE_AGGREGATE_PATCH: ModelPatch = {
  orders: {
    meta: {
      joins: [{ join: 'customers', sql_on: '${customers.customer_id} = ${orders.customer_id}', relationship: 'many-to-one' }],
      metrics: {
        order_count: { type: 'count', sql: '${TABLE}.order_id' },
        amount_per_order: { type: 'number', sql: '${total_order_amount} * 1.0 / NULLIF(${order_count}, 0)' },
      },
      pre_aggregates: [
        {
          name: 'orders_daily_by_status',
          dimensions: ['status', 'is_completed'],
          metrics: [
            'total_order_amount',
            'total_completed_order_amount',
            'total_non_completed_order_amount',
            'average_order_size',
            'fulfillment_rate',
            'date_of_first_order',
            'date_of_most_recent_order',
            'order_count',
          ],
          time_dimension: 'order_date',
          granularity: 'day',
        },
        {
          name: 'orders_monthly_by_customer',
          dimensions: ['status', 'customers.first_name', 'customers.last_name'],
          metrics: ['total_order_amount', 'average_order_size', 'order_count', 'customers.date_of_first_created_customer'],
          time_dimension: 'order_date',
          granularity: 'month',
        },
        {
          name: 'recent_orders_daily',
          dimensions: ['status'],
          metrics: ['total_order_amount', 'order_count'],
          filters: [{ order_date: 'inThePast 8 weeks' }],
          time_dimension: 'order_date',
          granularity: 'day',
        },
        {
          name: 'completed_by_customer_monthly',
          dimensions: ['customer_id'],
          metrics: ['total_order_amount', 'average_order_size', 'order_count'],
          filters: [{ status: 'completed' }],
          time_dimension: 'order_date',
          granularity: 'month',
        },
        {
          name: 'completed_orders_weekly',
          dimensions: ['status'],
          metrics: ['total_order_amount', 'order_count'],
          filters: [{ status: ['completed', 'shipped'] }],
          time_dimension: 'order_date',
          granularity: 'week',
        },
      ],
    },
  },
  events: {
    meta: {
      pre_aggregates: [
        {
          name: 'events_hourly',
          dimensions: ['event'],
          metrics: ['count', 'in_eur', 'in_gbp'],
          time_dimension: 'timestamp_tz',
          granularity: 'hour',
        },
        { name: 'events_by_day', dimensions: ['event'], metrics: ['count', 'in_eur'], time_dimension: 'timestamp_ntz', granularity: 'day' },
      ],
    },
  },
  payments: {
    meta: {
      required_filters: [{ payment_method: '!gift_card' }],
      joins: [
        { join: 'orders', sql_on: '${orders.order_id} = ${payments.order_id}', relationship: 'many-to-one' },
        { join: 'customers', sql_on: '${customers.customer_id} = ${orders.customer_id}', relationship: 'many-to-one' },
      ],
      pre_aggregates: [
        {
          name: 'revenue_by_method',
          dimensions: ['payment_method', 'orders.status'],
          metrics: ['total_revenue'],
          time_dimension: 'orders.order_date',
          granularity: 'month',
        },
      ],
    },
  },
};

/** The moment the test rollups are built at (their relative filters keep windows as of then). */
export const ROLLUPS_BUILT_AT = new Date('2018-03-20T12:00:00Z');

export function jafflePreAggregateExplore(name: 'orders' | 'events' | 'payments'): Explore {
  return jaffleExplore(name, 'postgres', JAFFLE_PRE_AGGREGATE_PATCH);
}
