import type { ResultRow } from '@quarry/formatting';

import { dayjs, type ExplorerGrain, periodStart } from './time-grain';

/** One point of the explorer's answer (the spec's `results[]`). */
export interface ExplorerDataPoint {
  date: string;
  /** `date` in milliseconds since the epoch. */
  dateValue: number;
  segment: string | null;
  metric: { label: string; value: number | null };
  compareMetric: { label: string | null; value: number | null };
}

/** Values of one query by segment, then by period start (ms). A segment key of null: no segments. */
export type SeriesValues = Map<string | null, Map<number, number | null>>;

/** Reads a series from formatted rows: the period of each row, its segment, its metric value. */
export function seriesValues(
  rows: readonly ResultRow[],
  timeId: string,
  metricId: string,
  grain: ExplorerGrain,
  segmentId?: string,
): SeriesValues {
  const values: SeriesValues = new Map();
  for (const row of rows) {
    const period = row[timeId]?.value.raw;
    if (typeof period !== 'string' && typeof period !== 'number') continue;
    const key = periodStart(dayjs.utc(period), grain).valueOf();
    const segment = segmentId ? segmentText(row[segmentId]?.value.raw) : null;
    const bySegment = values.get(segment) ?? new Map<number, number | null>();
    bySegment.set(key, numberOf(row[metricId]?.value.raw));
    values.set(segment, bySegment);
  }
  return values;
}

export function segmentText(raw: unknown): string | null {
  return raw === null || raw === undefined ? null : String(raw);
}

/** Metric values are numbers; very large integers arrive as strings (clarification 5). */
export function numberOf(raw: unknown): number | null {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  return null;
}

export interface AssembleOptions {
  /** Every period of the range: a period without data is a point with a null value. */
  periods: readonly dayjs.Dayjs[];
  /** Segments in display order; [null] when the series is not segmented. */
  segments: ReadonlyArray<string | null>;
  metricLabel: string;
  main: SeriesValues;
  compare?: { label: string; values: Map<number, number | null>; periodOf: (period: dayjs.Dayjs) => number };
}

/**
 * The explorer's points, by date then segment. Periods come from the range, plus any period the
 * warehouse answered that the range did not list (a warehouse whose weeks start on another day).
 */
export function assemblePoints(options: AssembleOptions): ExplorerDataPoint[] {
  const periodKeys = new Set(options.periods.map((period) => period.valueOf()));
  for (const bySegment of options.main.values()) for (const key of bySegment.keys()) periodKeys.add(key);
  const points: ExplorerDataPoint[] = [];
  for (const key of [...periodKeys].sort((a, b) => a - b)) {
    const period = dayjs.utc(key);
    for (const segment of options.segments) {
      const compare = options.compare;
      points.push({
        date: period.toISOString(),
        dateValue: key,
        segment,
        metric: { label: options.metricLabel, value: options.main.get(segment)?.get(key) ?? null },
        compareMetric: compare
          ? { label: compare.label, value: compare.values.get(compare.periodOf(period)) ?? null }
          : { label: null, value: null },
      });
    }
  }
  return points;
}
