import type { SqlCatalog } from '../lib/sql-plan';

/** A small catalog shaped like the jaffle orders explore, with one field of every type. */
export const TEST_CATALOG: SqlCatalog = {
  tables: [
    {
      name: 'orders',
      columns: [
        { name: 'orders_status', kind: 'dimension', type: 'text' },
        { name: 'orders_amount', kind: 'dimension', type: 'float8' },
        { name: 'orders_order_date', kind: 'dimension', type: 'date' },
        { name: 'orders_created_at', kind: 'dimension', type: 'timestamp' },
        { name: 'orders_is_paid', kind: 'dimension', type: 'bool' },
        { name: 'orders_total', kind: 'metric', type: 'float8', metricType: 'sum' },
        { name: 'orders_count', kind: 'metric', type: 'int8', metricType: 'count' },
        { name: 'orders_customers', kind: 'metric', type: 'int8', metricType: 'count_distinct' },
        { name: 'orders_average', kind: 'metric', type: 'float8', metricType: 'average' },
        { name: 'orders_first_date', kind: 'metric', type: 'date', metricType: 'min' },
        { name: 'orders_ratio', kind: 'metric', type: 'float8', metricType: 'number' },
      ],
    },
    { name: 'customers', columns: [{ name: 'customers_name', kind: 'dimension', type: 'text' }] },
  ],
};
