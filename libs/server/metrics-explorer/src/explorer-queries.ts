import type { FilterGroupItem, FilterRule, MetricQuery } from '@quarry/domain';
import type { Dayjs } from 'dayjs';

import type { ExplorerGrain } from './time-grain';

/** Most segments a series is split into; the rest are left out (`hasFilteredSeries`). */
export const MAX_SEGMENTS = 10;

export interface TimeDimensionRef {
  table: string;
  field: string;
  type: 'date' | 'timestamp';
}

/** One metric over time: what each query of the explorer shares. */
export interface SeriesSpec {
  exploreName: string;
  metricId: string;
  timeDimension: TimeDimensionRef;
  grain: ExplorerGrain;
  /** Rows from `from` up to, not including, `until`. */
  from: Dayjs;
  until: Dayjs;
  /** The request's own filter, on a dimension. */
  filter?: FilterRule;
  limit: number;
}

export function timeDimensionId(timeDimension: Pick<TimeDimensionRef, 'table' | 'field'>, grain: ExplorerGrain): string {
  return `${timeDimension.table}_${timeDimension.field}_${grain.toLowerCase()}`;
}

/** The metric per period (and per segment), oldest first; `segmentFilter` keeps only the top segments. */
export function seriesQuery(spec: SeriesSpec, segmentId?: string, segmentFilter?: FilterGroupItem): MetricQuery {
  const timeId = timeDimensionId(spec.timeDimension, spec.grain);
  return {
    exploreName: spec.exploreName,
    dimensions: segmentId ? [timeId, segmentId] : [timeId],
    metrics: [spec.metricId],
    filters: {
      dimensions: {
        id: 'metrics-explorer',
        and: [...rangeRules(spec), ...(spec.filter ? [spec.filter] : []), ...(segmentFilter ? [segmentFilter] : [])],
      },
    },
    sorts: [{ fieldId: timeId, descending: false }],
    limit: spec.limit,
    tableCalculations: [],
  };
}

/** The segments with the largest metric over the whole range, one more than shown to tell whether any were left out. */
export function topSegmentsQuery(spec: SeriesSpec, segmentId: string): MetricQuery {
  return {
    exploreName: spec.exploreName,
    dimensions: [segmentId],
    metrics: [spec.metricId],
    filters: { dimensions: { id: 'metrics-explorer', and: [...rangeRules(spec), ...(spec.filter ? [spec.filter] : [])] } },
    sorts: [{ fieldId: spec.metricId, descending: true }],
    limit: MAX_SEGMENTS + 1,
    tableCalculations: [],
  };
}

/** Keeps the rows of these segment values (a null segment is a value too). */
export function segmentValuesFilter(segmentId: string, values: ReadonlyArray<string | number | null>): FilterGroupItem {
  const present = values.filter((value): value is string | number => value !== null);
  const rules: FilterRule[] = [
    ...(present.length > 0 ? [{ id: 'segments', target: { fieldId: segmentId }, operator: 'equals' as const, values: present }] : []),
    ...(present.length < values.length ? [{ id: 'segments-null', target: { fieldId: segmentId }, operator: 'isNull' as const }] : []),
  ];
  return { id: 'segments-any', or: rules };
}

/** The base time dimension in [from, until): whole periods, bound as values by the compiler. */
function rangeRules(spec: SeriesSpec): FilterRule[] {
  const fieldId = `${spec.timeDimension.table}_${spec.timeDimension.field}`;
  const text = (day: Dayjs): string => (spec.timeDimension.type === 'date' ? day.format('YYYY-MM-DD') : day.toISOString());
  return [
    { id: 'range-from', target: { fieldId }, operator: 'greaterThanOrEqual', values: [text(spec.from)] },
    { id: 'range-until', target: { fieldId }, operator: 'lessThan', values: [text(spec.until)] },
  ];
}
