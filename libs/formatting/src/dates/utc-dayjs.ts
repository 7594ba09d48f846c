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
  // Not isValid(): it renders the date with toString() (local zone rules) on every call.
  return Number.isNaN(parsed.valueOf()) ? undefined : parsed;
}

// What warehouse adapters emit (ISO 8601 in UTC, or a plain date): the engine's own parser reads
// them as UTC, without building a dayjs object per cell of a million-row export.
const ISO_UTC = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z)?$/;

/** The instant of a date or timestamp cell: text without an offset is read as UTC. */
export function toUtcDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'string' && ISO_UTC.test(value)) {
    const millis = Date.parse(value);
    if (!Number.isNaN(millis)) return new Date(millis);
  }
  return parseUtc(value)?.toDate();
}
