import type { ValueFormatter } from '../item/formattable-item';
import { valueAsText } from '../item/value-as-text';
import { compileUtcPattern } from './compile-utc-pattern';
import { toUtcDate } from './utc-dayjs';

// Day-or-longer grains are dates; a date shows only as much as its grain carries.
const DATE_PATTERNS: Readonly<Record<string, string>> = {
  YEAR: 'YYYY',
  QUARTER: 'YYYY-[Q]Q',
  MONTH: 'YYYY-MM',
  WEEK: 'YYYY-MM-DD',
  DAY: 'YYYY-MM-DD',
};
const DEFAULT_DATE_PATTERN = 'YYYY-MM-DD';

const TIMESTAMP_PATTERNS: Readonly<Record<string, string>> = {
  HOUR: 'YYYY-MM-DD, HH',
  MINUTE: 'YYYY-MM-DD, HH:mm',
  SECOND: 'YYYY-MM-DD, HH:mm:ss',
};
const DEFAULT_TIMESTAMP_PATTERN = 'YYYY-MM-DD, HH:mm:ss:SSS (Z)';

function patternFormatter(pattern: string): ValueFormatter {
  const format = compileUtcPattern(pattern);
  return (value) => {
    const date = toUtcDate(value);
    return date === undefined ? valueAsText(value) : format(date);
  };
}

function ownPattern(patterns: Readonly<Record<string, string>>, interval: string | null | undefined): string | undefined {
  return interval !== null && interval !== undefined && Object.hasOwn(patterns, interval) ? patterns[interval] : undefined;
}

/** The dayjs pattern of a DATE value by its time interval. */
export function datePattern(timeInterval?: string | null): string {
  return ownPattern(DATE_PATTERNS, timeInterval) ?? DEFAULT_DATE_PATTERN;
}

/** The dayjs pattern of a TIMESTAMP value: a timestamp truncated to a day or longer shows as a date of that grain. */
export function timestampPattern(timeInterval?: string | null): string {
  return ownPattern(TIMESTAMP_PATTERNS, timeInterval) ?? ownPattern(DATE_PATTERNS, timeInterval) ?? DEFAULT_TIMESTAMP_PATTERN;
}

/** Formats DATE values by their time interval (`2024`, `2024-Q1`, `2024-01`, `2024-01-15`). */
export function createDateFormatter(timeInterval?: string | null): ValueFormatter {
  return patternFormatter(datePattern(timeInterval));
}

/** Formats TIMESTAMP values; a timestamp truncated to a day or longer shows as a date of that grain. */
export function createTimestampFormatter(timeInterval?: string | null): ValueFormatter {
  return patternFormatter(timestampPattern(timeInterval));
}
