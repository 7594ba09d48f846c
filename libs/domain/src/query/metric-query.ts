import type { CustomFormat } from '../formatting/custom-format';
import type { AdditionalMetric } from './additional-metric';
import type { CustomDimension } from './custom-dimension';
import type { Filters } from './filters';
import type { TableCalculation } from './table-calculation';

export interface Sort {
  fieldId: string;
  descending: boolean;
  /** Absent: the warehouse's default null placement. */
  nullsFirst?: boolean;
}

/** Grains a date zoom or a period comparison works at (Lightdash's `DateGranularity`). */
export const DATE_GRANULARITIES = ['Second', 'Minute', 'Hour', 'Day', 'Week', 'Month', 'Quarter', 'Year'] as const;
export type DateGranularity = (typeof DATE_GRANULARITIES)[number];

/** Re-buckets one selected time dimension at another grain, keeping its field id. */
export interface DateZoom {
  granularity?: DateGranularity;
  /** Default: the first selected date/timestamp dimension. */
  xAxisFieldId?: string;
}

export const PERIOD_OVER_PERIOD_GRANULARITIES = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export type PeriodOverPeriodGranularity = (typeof PERIOD_OVER_PERIOD_GRANULARITIES)[number];

/** Adds, for every selected metric, its value `periodOffset` periods earlier on the time dimension `field`. */
export interface PeriodOverPeriod {
  type: 'previousPeriod';
  field: { table: string; name: string };
  granularity: PeriodOverPeriodGranularity;
  periodOffset: number;
}

export interface MetricOverride {
  formatOptions?: CustomFormat;
}

export interface MetricQuery {
  exploreName: string;
  /** Field ids of dimensions, and ids of custom dimensions. */
  dimensions: string[];
  /** Field ids of metrics, and of additional metrics (`${table}_${name}`). */
  metrics: string[];
  filters: Filters;
  sorts: Sort[];
  limit: number;
  tableCalculations: TableCalculation[];
  additionalMetrics?: AdditionalMetric[];
  customDimensions?: CustomDimension[];
  /** IANA zone for relative date filters; default UTC. */
  timezone?: string;
  metricOverrides?: Record<string, MetricOverride>;
  periodOverPeriod?: PeriodOverPeriod;
  metadata?: { hasADateDimension?: { name: string; label: string; table: string } };
}
