import type { DemoTableName } from '@quarry/demo-data';
import type { MetricQuery } from '@quarry/domain';

/** One query of the benchmark: a MetricQuery on an explore of the demo project. */
export interface BenchCase {
  id: string;
  title: string;
  exploreId: string;
  /** The table the query scans, whose row count the report shows. */
  table: DemoTableName;
  query: MetricQuery;
}

export const BENCH_CASES: readonly BenchCase[] = [
  {
    // A few rows from a small table: what runQuery adds around a query that costs DuckDB little.
    id: 'small',
    title: 'Small: products and average list price by category',
    exploreId: 'products',
    table: 'products',
    query: {
      exploreName: 'products',
      dimensions: ['products_category'],
      metrics: ['products_product_count', 'products_average_list_price'],
      filters: {},
      sorts: [{ fieldId: 'products_category', descending: false }],
      limit: 10,
      tableCalculations: [],
    },
  },
  {
    // The ≥ 10M-row table: events (≈ 6 per order; ≈ 10.2M at scale 17), bots excluded by the explore's required filter.
    id: 'aggregate',
    title: 'Aggregate: events by type and month',
    exploreId: 'events',
    table: 'events',
    query: {
      exploreName: 'events',
      dimensions: ['events_event_type', 'events_occurred_at_month'],
      metrics: ['events_event_count'],
      filters: {},
      sorts: [
        { fieldId: 'events_occurred_at_month', descending: false },
        { fieldId: 'events_event_type', descending: false },
      ],
      limit: 500,
      tableCalculations: [],
    },
  },
];
