import type { FilterOperator, FilterRule, UnitOfTime } from '@quarry/domain';
import { isUnitOfTime } from '@quarry/domain';

import { boundaryText, type RelativeDates } from '../filters/relative-date-bounds';

export const RELATIVE_OPERATORS: ReadonlySet<FilterOperator> = new Set([
  'inThePast',
  'notInThePast',
  'inTheNext',
  'inTheCurrent',
  'notInTheCurrent',
  'inPeriodToDate',
]);

/** The range a relative rule keeps, as the compiler bounds it (boundary texts compare in order). */
export interface RelativeWindow {
  from: string;
  to: string;
  /** Whether `to` itself is inside. */
  inclusiveEnd: boolean;
}

/**
 * The window of an `inThePast` / `inTheCurrent` / `inTheNext` rule at one moment, with the
 * compiler's arithmetic (filter-rule-sql): null for other operators, whose rows are no window.
 */
export function relativeWindow(rule: FilterRule, type: 'date' | 'timestamp', dates: RelativeDates): RelativeWindow | null {
  const unit: UnitOfTime | null =
    rule.settings?.unitOfTime === undefined ? 'days' : isUnitOfTime(rule.settings.unitOfTime) ? rule.settings.unitOfTime : null;
  const amount = Number(rule.values?.[0]);
  if (unit === null || (rule.operator !== 'inTheCurrent' && !Number.isFinite(amount))) return null;
  const completed = rule.settings?.completed === true;
  const now = dates.current();
  const text = (date: ReturnType<RelativeDates['current']>) => boundaryText(date, type);
  if (rule.operator === 'inThePast') {
    if (completed)
      return { from: text(dates.add(dates.startOf(now, unit), -amount, unit)), to: text(dates.startOf(now, unit)), inclusiveEnd: false };
    return { from: text(dates.add(now, -amount, unit)), to: text(now), inclusiveEnd: true };
  }
  if (rule.operator === 'inTheCurrent')
    return { from: text(dates.startOf(now, unit)), to: text(dates.endOf(now, unit)), inclusiveEnd: true };
  if (rule.operator === 'inTheNext') {
    if (!completed) return { from: text(now), to: text(dates.add(now, amount, unit)), inclusiveEnd: true };
    const nextStart = dates.startOf(dates.add(now, 1, unit), unit);
    return { from: text(nextStart), to: text(dates.add(nextStart, amount, unit)), inclusiveEnd: false };
  }
  return null;
}

/** Whether every value inside `inner` is inside `outer`. */
export function windowWithin(inner: RelativeWindow, outer: RelativeWindow): boolean {
  if (inner.from < outer.from) return false;
  if (inner.to < outer.to) return true;
  return inner.to === outer.to && (outer.inclusiveEnd || !inner.inclusiveEnd);
}
