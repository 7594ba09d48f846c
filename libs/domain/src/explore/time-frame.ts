import type { DimensionType } from '../warehouse/catalog';

/** Every grain a date or timestamp dimension can be broken into (Lightdash's `TimeFrames`). */
export const TIME_FRAMES = [
  'RAW',
  'YEAR',
  'QUARTER',
  'MONTH',
  'WEEK',
  'DAY',
  'HOUR',
  'MINUTE',
  'SECOND',
  'MILLISECOND',
  'DAY_OF_WEEK_INDEX',
  'DAY_OF_MONTH_NUM',
  'DAY_OF_YEAR_NUM',
  'WEEK_NUM',
  'MONTH_NUM',
  'QUARTER_NUM',
  'YEAR_NUM',
  'DAY_OF_WEEK_NAME',
  'MONTH_NAME',
  'QUARTER_NAME',
  'HOUR_OF_DAY_NUM',
  'MINUTE_OF_HOUR_NUM',
] as const;
export type TimeFrame = (typeof TIME_FRAMES)[number];

export function isTimeFrame(value: unknown): value is TimeFrame {
  return typeof value === 'string' && (TIME_FRAMES as readonly string[]).includes(value);
}

/** Intervals a timestamp dimension gets when its meta names none. */
export const DEFAULT_TIMESTAMP_TIME_FRAMES: readonly TimeFrame[] = ['RAW', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'];
/** Intervals a date dimension gets when its meta names none (no RAW: the base already is the day). */
export const DEFAULT_DATE_TIME_FRAMES: readonly TimeFrame[] = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'];

/** Labels appended (lower-cased) to the base dimension's label, e.g. "Order date day of the week (name)". */
export const TIME_FRAME_LABELS: Record<TimeFrame, string> = {
  RAW: 'Raw',
  YEAR: 'Year',
  QUARTER: 'Quarter',
  MONTH: 'Month',
  WEEK: 'Week',
  DAY: 'Day',
  HOUR: 'Hour',
  MINUTE: 'Minute',
  SECOND: 'Second',
  MILLISECOND: 'Millisecond',
  DAY_OF_WEEK_INDEX: 'Day of the week (index)',
  DAY_OF_MONTH_NUM: 'Day of the month (number)',
  DAY_OF_YEAR_NUM: 'Day of the year (number)',
  WEEK_NUM: 'Week (number)',
  MONTH_NUM: 'Month (number)',
  QUARTER_NUM: 'Quarter (number)',
  YEAR_NUM: 'Year (number)',
  DAY_OF_WEEK_NAME: 'Day of the week (name)',
  MONTH_NAME: 'Month (name)',
  QUARTER_NAME: 'Quarter (name)',
  HOUR_OF_DAY_NUM: 'Hour of day (number)',
  MINUTE_OF_HOUR_NUM: 'Minute of hour (number)',
};

/**
 * The value type of an interval dimension: truncations to a day or longer are dates, sub-day
 * truncations timestamps, numbered parts numbers, names strings; RAW keeps the base type.
 */
export function timeFrameResultType(frame: TimeFrame, baseType: 'date' | 'timestamp'): DimensionType {
  switch (frame) {
    case 'RAW':
      return baseType;
    case 'YEAR':
    case 'QUARTER':
    case 'MONTH':
    case 'WEEK':
    case 'DAY':
      return 'date';
    case 'HOUR':
    case 'MINUTE':
    case 'SECOND':
    case 'MILLISECOND':
      return 'timestamp';
    case 'DAY_OF_WEEK_INDEX':
    case 'DAY_OF_MONTH_NUM':
    case 'DAY_OF_YEAR_NUM':
    case 'WEEK_NUM':
    case 'MONTH_NUM':
    case 'QUARTER_NUM':
    case 'YEAR_NUM':
    case 'HOUR_OF_DAY_NUM':
    case 'MINUTE_OF_HOUR_NUM':
      return 'number';
    case 'DAY_OF_WEEK_NAME':
    case 'MONTH_NAME':
    case 'QUARTER_NAME':
      return 'string';
  }
}

/** First day of the week as warehouse connections configure it: 0 = Monday … 6 = Sunday. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export function isWeekDay(value: unknown): value is WeekDay {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}
