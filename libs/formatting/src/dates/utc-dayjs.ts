import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import quarterOfYear from 'dayjs/plugin/quarterOfYear';
import utc from 'dayjs/plugin/utc';

// Results are shown in UTC whatever the server's zone; advancedFormat gives the `Q` token, which
// reads the quarter that quarterOfYear computes.
dayjs.extend(utc);
dayjs.extend(quarterOfYear);
dayjs.extend(advancedFormat);

export default dayjs;

/** A date or timestamp cell read in UTC; undefined when it is not one. */
export function parseUtc(value: unknown): dayjs.Dayjs | undefined {
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return undefined;
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed : undefined;
}

/** The instant of a date or timestamp cell: text without an offset is read as UTC. */
export function toUtcDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  return parseUtc(value)?.toDate();
}
