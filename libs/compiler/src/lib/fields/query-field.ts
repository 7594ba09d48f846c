import type { CustomDimension, Dimension, DimensionType, Metric, MetricType } from '@quarry/domain';

/** A dimension of the query (explore dimension or SQL custom dimension), its sql ready to use. */
export interface QueryDimension {
  kind: 'dimension';
  id: string;
  type: DimensionType;
  /** Sql used in WHERE (never zoomed), runtime references bound. */
  sql: string;
  /** Sql used in SELECT / GROUP BY: differs from `sql` only when date zoom re-buckets it. */
  selectSql: string;
  /** Explore tables the sql reads. */
  tables: string[];
  caseSensitive?: boolean;
  item: Dimension | CustomDimension;
}

/** A metric of the query (explore metric or additional metric). */
export interface QueryMetric {
  kind: 'metric';
  id: string;
  type: MetricType;
  sql: string;
  tables: string[];
  /** The explore table the metric belongs to (fan-out protection groups metrics by it). */
  table: string;
  item: Metric;
}
