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

/** Start of every period from the one holding `range.start` to the one holding `range.end`. */
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
  return parsed.isValid() ? parsed : undefined;
}

export { dayjs };
