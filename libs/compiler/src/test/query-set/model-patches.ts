import type { ModelPatch } from '../jaffle-explores';

/**
 * What the fixture's models lack, declared as a project would in its YAML meta and built into
 * explores by the semantic layer. Each patch is one shared object, so its explores are built
 * once per warehouse.
 */

const PAYMENTS_JOINS = (relationship: string) => [
  { join: 'orders', sql_on: '${orders.order_id} = ${payments.order_id}', relationship },
  { join: 'customers', sql_on: '${customers.customer_id} = ${orders.customer_id}', relationship },
];

/** payments → orders → customers declared many-to-one, orders keyed by order_id, with distinct metrics on order amounts. */
export const KEYED_PAYMENTS: ModelPatch = {
  payments: { meta: { joins: PAYMENTS_JOINS('many-to-one') } },
  orders: {
    meta: { primary_key: 'order_id' },
    columns: {
      amount: {
        metrics: {
          distinct_amount: { type: 'sum_distinct', distinct_keys: ['order_id'] },
          distinct_average: { type: 'average_distinct', distinct_keys: 'order_id' },
        },
      },
    },
  },
};

/** orders → customers declared many-to-one, customers keyed by customer_id, with a sum over customers. */
export const KEYED_CUSTOMERS_OF_ORDERS: ModelPatch = {
  orders: {
    meta: { joins: [{ join: 'customers', sql_on: '${customers.customer_id} = ${orders.customer_id}', relationship: 'many-to-one' }] },
  },
  customers: {
    meta: { primary_key: 'customer_id' },
    columns: { customer_lifetime_value: { metrics: { total_lifetime_value: { type: 'sum' } } } },
  },
};

/** A customers explore joining their orders one-to-many, customers keyed by customer_id. */
export const CUSTOMERS_WITH_ORDERS: ModelPatch = {
  customers: {
    meta: {
      primary_key: 'customer_id',
      joins: [{ join: 'orders', sql_on: '${customers.customer_id} = ${orders.customer_id}', relationship: 'one-to-many' }],
    },
    columns: { number_of_orders: { metrics: { total_declared_orders: { type: 'sum' } } } },
  },
};

/** The customers join of orders as an INNER join on customers whose first name starts with J. */
export const J_CUSTOMERS_INNER: ModelPatch = {
  orders: {
    meta: {
      joins: [
        {
          join: 'customers',
          type: 'inner',
          sql_on: "${customers.customer_id} = ${orders.customer_id} AND ${customers.first_name} LIKE 'J%'",
        },
      ],
    },
  },
};

/** The same join, marked `always`. */
export const J_CUSTOMERS_ALWAYS: ModelPatch = {
  orders: {
    meta: {
      joins: [
        {
          join: 'customers',
          type: 'inner',
          always: true,
          sql_on: "${customers.customer_id} = ${orders.customer_id} AND ${customers.first_name} LIKE 'J%'",
        },
      ],
    },
  },
};

/** The customers join of orders as a FULL OUTER join. */
export const CUSTOMERS_FULL_JOIN: ModelPatch = {
  orders: { meta: { joins: [{ join: 'customers', type: 'full', sql_on: '${customers.customer_id} = ${orders.customer_id}' }] } },
};

/** Post-calculation metrics over the order total. */
export const POST_CALCULATIONS: ModelPatch = {
  orders: {
    meta: {
      metrics: {
        share_of_amount: { type: 'percent_of_total', sql: '${total_order_amount}' },
        running_amount: { type: 'running_total', sql: '${total_order_amount}' },
        amount_vs_previous: { type: 'percent_of_previous', sql: '${total_order_amount}' },
      },
    },
  },
};

/** Non-aggregate metrics of every value type over aggregates of orders (and of the joined customers). */
export const TYPED_METRICS: ModelPatch = {
  orders: {
    meta: {
      metrics: {
        size_label: { type: 'string', sql: "CASE WHEN ${total_order_amount} > 200 THEN 'large' ELSE 'small' END" },
        is_large: { type: 'boolean', sql: '${total_order_amount} > 200' },
        first_day: { type: 'date', sql: '${date_of_first_order}' },
        last_customer_created: { type: 'timestamp', sql: '${customers.date_of_most_recent_created_customer}' },
      },
    },
  },
};

/** Orders compare strings case-insensitively (the explore's setting). */
export const CASE_INSENSITIVE_ORDERS: ModelPatch = { orders: { meta: { case_sensitive: false } } };

/** Customers' first names compare case-insensitively (the dimension's setting). */
export const CASE_INSENSITIVE_FIRST_NAME: ModelPatch = { customers: { columns: { first_name: { dimension: { case_sensitive: false } } } } };

/** Orders only for the customers named in a user attribute (sql_filter on a joined table). */
export const ORDERS_OF_NAMED_CUSTOMERS: ModelPatch = { orders: { meta: { sql_filter: '${customers.first_name} IN (${ld.attr.names})' } } };

/** Orders required to be completed; a default filter that queries may drop. */
export const COMPLETED_ORDERS_REQUIRED: ModelPatch = {
  orders: { meta: { required_filters: [{ status: 'completed' }], default_filters: [{ is_completed: 'false' }] } },
};

/** Orders required to belong to a customer whose first name starts with J (a joined table). */
export const J_CUSTOMERS_REQUIRED: ModelPatch = { orders: { meta: { required_filters: [{ 'customers.first_name': 'J%' }] } } };

/** Orders required to be from the past day (relative to the query's time zone). */
export const RECENT_ORDERS_REQUIRED: ModelPatch = { orders: { meta: { required_filters: [{ order_date: 'inThePast 1 days' }] } } };
