import dayjs, { type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(isoWeek);

/** Grains the metrics explorer draws a series at. */
export const EXPLORER_GRAINS = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export type ExplorerGrain = (typeof EXPLORER_GRAINS)[number];

export function isExplorerGrain(value: unknown): value is ExplorerGrain {
  return typeof value === 'string' && (EXPLORER_GRAINS as readonly string[]).includes(value);
}

export interface DateRange {
  start: Dayjs;
  end: Dayjs;
}

const UNIT = { DAY: 'day', WEEK: 'week', MONTH: 'month', QUARTER: 'month', YEAR: 'year' } as const;
const STEP = { DAY: 1, WEEK: 1, MONTH: 1, QUARTER: 3, YEAR: 1 } as const;

/** The grain a range is drawn at when nothing names one (clarification 10). */
export function grainForRange(range: DateRange): ExplorerGrain {
  const days = range.end.diff(range.start, 'day');
  if (days <= 31) return 'DAY';
  if (range.end.diff(range.start, 'month', true) <= 6) return 'WEEK';
  if (range.end.diff(range.start, 'year', true) <= 3) return 'MONTH';
  return 'YEAR';
}

/** The start of the period holding `date` (weeks start on Monday, as the warehouses' date_trunc). */
export function periodStart(date: Dayjs, grain: ExplorerGrain): Dayjs {
  const day = date.utc().startOf('day');
  switch (grain) {
    case 'DAY':
      return day;
    case 'WEEK':
      return day.startOf('isoWeek');
    case 'MONTH':
      return day.startOf('month');
    case 'QUARTER':
      return day.startOf('month').subtract(day.month() % 3, 'month');
    case 'YEAR':
      return day.startOf('year');
  }
}

export function nextPeriod(start: Dayjs, grain: ExplorerGrain): Dayjs {
  return start.add(STEP[grain], UNIT[grain]);
}

const DAY_MS = 86_400_000;

/**
 * How many periods `periodsOf` would list, computed from the first and last period starts alone:
 * a request's range is checked against the caps before a single period is built (a range of
 * 10,000 years by day is 3.65M periods, which took the event loop ~100 s to list).
 */
export function periodCount(range: DateRange, grain: ExplorerGrain): number {
  const start = range.start.utc();
  const end = range.end.utc();
  if (end.isBefore(start)) return 0;
  // Months and years from the dates' own fields: dayjs's startOf('month') reads years 0-99 as 19xx.
  const months = (end.year() - start.year()) * 12 + (end.month() - start.month());
  switch (grain) {
    case 'DAY':
    case 'WEEK': {
      const days = Math.round((periodStart(end, grain).valueOf() - periodStart(start, grain).valueOf()) / DAY_MS);
      return (grain === 'DAY' ? days : days / 7) + 1;
    }
    case 'MONTH':
      return months + 1;
    case 'QUARTER':
      return (end.year() - start.year()) * 4 + Math.floor(end.month() / 3) - Math.floor(start.month() / 3) + 1;
    case 'YEAR':
      return end.year() - start.year() + 1;
  }
}

/**
 * Start of every period from the one holding `range.start` to the one holding `range.end`.
 * Unbounded by itself: callers check `periodCount` against their cap first.
 */
export function periodsOf(range: DateRange, grain: ExplorerGrain): Dayjs[] {
  const periods: Dayjs[] = [];
  const last = periodStart(range.end, grain);
  for (let period = periodStart(range.start, grain); !period.isAfter(last); period = nextPeriod(period, grain)) periods.push(period);
  return periods;
}

/** The rows a series needs: from the first period's start, up to (not including) the end of the last one. */
export function seriesBounds(range: DateRange, grain: ExplorerGrain): { from: Dayjs; until: Dayjs } {
  return { from: periodStart(range.start, grain), until: nextPeriod(periodStart(range.end, grain), grain) };
}

/** The same range one year earlier (the previous-period comparison, as the reference does). */
export function yearBefore(range: DateRange): DateRange {
  return { start: range.start.subtract(1, 'year'), end: range.end.subtract(1, 'year') };
}

/** Parses `YYYY-MM-DD` or an ISO date-time as UTC; undefined when it is not a date. */
export function parseDate(text: string): Dayjs | undefined {
  const parsed = dayjs.utc(text);
  if (!parsed.isValid()) return undefined;
  // dayjs builds dates with Date.UTC, which reads years 0-99 as 1900-1999: `0001-01-01` is year 1.
  const year = /^(\d{4})-/.exec(text)?.[1];
  return year !== undefined && Number(year) < 100 ? parsed.year(Number(year)) : parsed;
}

export { dayjs };
