import type { FilterRule, PreAggregateGranularity, UnitOfTime } from '@quarry/domain';

/** Grains whose buckets tile each unit of time exactly in UTC (weeks only from days: week starts may differ). */
const TILES: Partial<Record<UnitOfTime, readonly PreAggregateGranularity[]>> = {
  hours: ['hour'],
  days: ['hour', 'day'],
  weeks: ['hour', 'day'],
  months: ['hour', 'day', 'month'],
  quarters: ['hour', 'day', 'month', 'quarter'],
  years: ['hour', 'day', 'month', 'quarter', 'year'],
};

/**
 * Whether a filter on the un-truncated time dimension selects the same rows when it reads the
 * stored bucket instead. A range whose ends fall on bucket boundaries does: x ∈ [a, b) exactly
 * when its bucket is. Relative filters over completed periods (and the current period) end on
 * period boundaries, which are bucket boundaries when the buckets tile the period — in UTC, as the
 * rollup's buckets are. Null and not-null tests read no value. Null: exact; else why not.
 */
export function rawTimeFilterProblem(rule: FilterRule, grain: PreAggregateGranularity, zone: string, utc: boolean): string | null {
  if (rule.disabled === true || rule.operator === 'isNull' || rule.operator === 'notNull') return null;
  const what = `filter ${rule.operator} on ${rule.target?.fieldId}`;
  if (!utc) return `${what} is computed in ${zone}, whose day boundaries are not the rollup's UTC buckets`;
  const unit = rule.settings?.unitOfTime ?? 'days';
  const tiles = TILES[unit]?.includes(grain) === true;
  const untiled = `${what} counts ${unit}, which the rollup's ${grain} buckets do not tile`;
  if (rule.operator === 'inThePast' || rule.operator === 'notInThePast' || rule.operator === 'inTheNext') {
    if (rule.settings?.completed !== true) return `${what} ends at the current instant, inside a ${grain} bucket of the rollup`;
    return tiles ? null : untiled;
  }
  if (rule.operator === 'inTheCurrent' || rule.operator === 'notInTheCurrent') return tiles ? null : untiled;
  if (rule.operator === 'inPeriodToDate')
    return grain === 'hour' || grain === 'day' ? null : `${what} reads the day of each value, finer than the rollup's ${grain}`;
  return `${what} compares values finer than the rollup's ${grain} grain`;
}
