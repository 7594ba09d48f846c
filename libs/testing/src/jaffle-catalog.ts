import type { WarehouseCatalog } from '@quarry/domain';

/**
 * Column types of the jaffle-shop fixture's models, as the reference explores were built from.
 * Read from PostgreSQL 15 after `node libs/testing/fixtures/jaffle-shop/materialize.mjs postgres`
 * (schema `jaffle` of database `postgres`) with
 *   SELECT table_name, column_name, data_type FROM information_schema.columns
 *   WHERE table_schema = 'jaffle' ORDER BY table_name, ordinal_position;
 * and mapped: integer, bigint, numeric → number; text → string; timestamp without time zone →
 * timestamp; date → date; boolean → boolean. Seeds (raw_*) are left out: no explore reads them.
 */
export const JAFFLE_POSTGRES_CATALOG: WarehouseCatalog = {
  postgres: {
    jaffle: {
      customers: {
        customer_id: 'number', // integer
        first_name: 'string', // text
        last_name: 'string', // text
        created: 'timestamp', // timestamp without time zone
        first_order: 'date',
        most_recent_order: 'date',
        number_of_orders: 'number', // bigint
        customer_lifetime_value: 'number', // bigint
        days_between_created_and_first_order: 'number', // integer
        days_since_last_order: 'number', // numeric
      },
      events: {
        event_id: 'number', // integer
        timestamp_tz: 'timestamp', // timestamp without time zone
        timestamp_ntz: 'timestamp',
        timestamp_ltz: 'timestamp',
        date: 'date',
        event: 'string', // text
      },
      orders: {
        order_id: 'number', // integer
        customer_id: 'number', // integer
        order_date: 'date',
        status: 'string', // text
        is_completed: 'boolean',
        credit_card_amount: 'number', // bigint
        coupon_amount: 'number',
        bank_transfer_amount: 'number',
        gift_card_amount: 'number',
        amount: 'number',
      },
      payments: {
        payment_id: 'number', // integer
        order_id: 'number', // integer
        payment_method: 'string', // text
        amount: 'number', // integer
      },
      stg_customers: {
        customer_id: 'number',
        first_name: 'string',
        last_name: 'string',
        created: 'timestamp',
      },
      stg_orders: {
        order_id: 'number',
        customer_id: 'number',
        order_date: 'date',
        status: 'string',
      },
      stg_payments: {
        payment_id: 'number',
        order_id: 'number',
        payment_method: 'string',
        amount: 'number',
      },
      users: {
        customer_id: 'number',
        first_name: 'string',
        last_name: 'string',
        created: 'timestamp',
      },
    },
  },
};
