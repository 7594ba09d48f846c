import type { Dimension, Metric } from '@quarry/domain';

export type BasicType = 'string' | 'number' | 'date' | 'timestamp' | 'boolean';

/** What kind of value a metric answers: min/max keep the type of the dimension they aggregate. */
export function metricBasicType(metric: Metric, dimensionType?: Dimension['type']): BasicType {
  switch (metric.type) {
    case 'string':
    case 'date':
    case 'timestamp':
    case 'boolean':
      return metric.type;
    case 'min':
    case 'max':
      return dimensionType === 'date' || dimensionType === 'timestamp' ? dimensionType : 'number';
    case 'percentile':
    case 'average':
    case 'count':
    case 'count_distinct':
    case 'sum':
    case 'sum_distinct':
    case 'average_distinct':
    case 'percent_of_previous':
    case 'percent_of_total':
    case 'running_total':
    case 'number':
    case 'median':
      return 'number';
  }
}
