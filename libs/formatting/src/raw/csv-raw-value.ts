import { compileUtcPattern } from '../dates/compile-utc-pattern';
import { toUtcDate } from '../dates/utc-dayjs';
import { valueAsText } from '../item/value-as-text';
import type { ValueKind } from '../item/value-kind';

const csvDate = compileUtcPattern('YYYY-MM-DD');
const csvTimestamp = compileUtcPattern('YYYY-MM-DD HH:mm:ss.SSS');

/**
 * A cell as CSV raw mode writes it (architecture clarification 11): dates `YYYY-MM-DD`, timestamps
 * `YYYY-MM-DD HH:mm:ss.SSS` in UTC, null and undefined as an empty cell, everything else as text.
 */
export function csvRawValue(value: unknown, kind?: ValueKind): string {
  if (value === null || value === undefined) return '';
  // ClickHouse's UInt8 truth values, as PostgreSQL's booleans write.
  if (kind === 'boolean' && (value === 1 || value === 0)) return value === 1 ? 'true' : 'false';
  if (kind === 'date' || kind === 'timestamp' || value instanceof Date) {
    const date = toUtcDate(value);
    if (date !== undefined) return kind === 'date' ? csvDate(date) : csvTimestamp(date);
  }
  return valueAsText(value);
}
