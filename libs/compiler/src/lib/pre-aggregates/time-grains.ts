import type { PreAggregateGranularity, TimeFrame } from '@quarry/domain';

/**
 * Which stored grains each interval can be computed from exactly. A truncation or a date part is
 * exact when every stored bucket falls inside one of its values: a day answers its month and its
 * weekday; a week does not answer a month (weeks straddle months), nor a month a week.
 */
const FROM_GRAINS: Partial<Record<TimeFrame, readonly PreAggregateGranularity[]>> = {
  HOUR: ['hour'],
  HOUR_OF_DAY_NUM: ['hour'],
  DAY: ['hour', 'day'],
  DAY_OF_WEEK_INDEX: ['hour', 'day'],
  DAY_OF_WEEK_NAME: ['hour', 'day'],
  DAY_OF_MONTH_NUM: ['hour', 'day'],
  DAY_OF_YEAR_NUM: ['hour', 'day'],
  WEEK_NUM: ['hour', 'day'],
  WEEK: ['hour', 'day', 'week'],
  MONTH: ['hour', 'day', 'month'],
  MONTH_NUM: ['hour', 'day', 'month'],
  MONTH_NAME: ['hour', 'day', 'month'],
  QUARTER: ['hour', 'day', 'month', 'quarter'],
  QUARTER_NUM: ['hour', 'day', 'month', 'quarter'],
  QUARTER_NAME: ['hour', 'day', 'month', 'quarter'],
  YEAR: ['hour', 'day', 'month', 'quarter', 'year'],
  YEAR_NUM: ['hour', 'day', 'month', 'quarter', 'year'],
};

const ORDER: readonly PreAggregateGranularity[] = ['hour', 'day', 'week', 'month', 'quarter', 'year'];

/** Null when `frame` is computable from values stored at `grain`, else why not. */
export function grainProblem(frame: TimeFrame, grain: PreAggregateGranularity, baseType: 'date' | 'timestamp'): string | null {
  // The raw value of a date is its day: a day grain stores it whole.
  if (frame === 'RAW') return baseType === 'date' && grain === 'day' ? null : `raw values are finer than the rollup's ${grain} grain`;
  const grains = FROM_GRAINS[frame];
  if (grains?.includes(grain)) return null;
  const finest = grains?.[grains.length - 1];
  if (grains === undefined || (finest !== undefined && ORDER.indexOf(finest) < ORDER.indexOf(grain)))
    return `time grain ${frame.toLowerCase()} is finer than the rollup's ${grain}`;
  return `time grain ${frame.toLowerCase()} cannot be computed from the rollup's ${grain} buckets`;
}

/** The truncation a stored grain is (the interval that equals the stored value). */
export function grainFrame(grain: PreAggregateGranularity): TimeFrame {
  return grain.toUpperCase() as TimeFrame;
}

/** Coarser rollups first (fewer rows for the same answer). */
export function grainRank(grain: PreAggregateGranularity | undefined): number {
  return grain === undefined ? ORDER.length : ORDER.indexOf(grain);
}
