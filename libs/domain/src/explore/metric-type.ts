/** Every metric type a transform project may declare (Lightdash's `MetricType`). */
export const METRIC_TYPES = [
  'percentile',
  'average',
  'count',
  'count_distinct',
  'sum',
  'sum_distinct',
  'average_distinct',
  'min',
  'max',
  'percent_of_previous',
  'percent_of_total',
  'running_total',
  'number',
  'median',
  'string',
  'date',
  'timestamp',
  'boolean',
] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/** Metrics that aggregate rows: their sql names dimensions (or columns) and gets wrapped in an aggregate. */
export const AGGREGATE_METRIC_TYPES = [
  'percentile',
  'average',
  'count',
  'count_distinct',
  'sum',
  'sum_distinct',
  'average_distinct',
  'min',
  'max',
  'median',
] as const satisfies readonly MetricType[];
export type AggregateMetricType = (typeof AGGREGATE_METRIC_TYPES)[number];

/** Metrics computed from other metrics in the same row: their sql is used as written. */
export const NON_AGGREGATE_METRIC_TYPES = ['number', 'string', 'date', 'timestamp', 'boolean'] as const satisfies readonly MetricType[];
export type NonAggregateMetricType = (typeof NON_AGGREGATE_METRIC_TYPES)[number];

/** Metrics computed over the result set (window functions) after the aggregate query. */
export const POST_CALCULATION_METRIC_TYPES = [
  'percent_of_previous',
  'percent_of_total',
  'running_total',
] as const satisfies readonly MetricType[];
export type PostCalculationMetricType = (typeof POST_CALCULATION_METRIC_TYPES)[number];

export function isMetricType(value: unknown): value is MetricType {
  return typeof value === 'string' && (METRIC_TYPES as readonly string[]).includes(value);
}

export function isAggregateMetricType(type: MetricType): type is AggregateMetricType {
  return (AGGREGATE_METRIC_TYPES as readonly string[]).includes(type);
}

export function isNonAggregateMetricType(type: MetricType): type is NonAggregateMetricType {
  return (NON_AGGREGATE_METRIC_TYPES as readonly string[]).includes(type);
}

export function isPostCalculationMetricType(type: MetricType): type is PostCalculationMetricType {
  return (POST_CALCULATION_METRIC_TYPES as readonly string[]).includes(type);
}
