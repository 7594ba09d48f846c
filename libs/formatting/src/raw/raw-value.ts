import { toUtcDate } from '../dates/utc-dayjs';
import type { ValueKind } from '../item/value-kind';
import { toNumeric } from '../number/numeric-value';

/** A JSON-safe cell value: never a bigint, never a Date. */
export type RawValue = string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

export type RawConverter = (value: unknown) => RawValue;

function numberOrText(value: number | bigint): number | string {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  // NaN and ±Infinity have no JSON number: keep them readable instead of letting JSON turn them into null
  return Number.isFinite(value) ? value : String(value);
}

function isoOrText(value: string): string {
  return toUtcDate(value)?.toISOString() ?? value;
}

/** What every column does, whatever its kind: JSON-safe numbers and ISO-8601 UTC dates. */
function jsonSafe(value: unknown): RawValue {
  if (typeof value === 'number' || typeof value === 'bigint') return numberOrText(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return value as RawValue;
}

/**
 * The `raw` converter for a column (architecture clarification 5): numbers as numbers (integers
 * beyond 2^53 as strings), dates and timestamps as ISO-8601 UTC. With the column's kind, text that
 * drivers return for NUMERIC/BIGINT or DATE columns is converted too, so every adapter answers alike.
 */
export function createRawConverter(kind?: ValueKind): RawConverter {
  switch (kind) {
    case 'number':
      return (value) => {
        if (typeof value !== 'string') return jsonSafe(value);
        const numeric = toNumeric(value);
        return numeric === undefined ? value : numberOrText(numeric);
      };
    case 'date':
    case 'timestamp':
      return (value) => (typeof value === 'string' ? isoOrText(value) : jsonSafe(value));
    case 'boolean':
      // ClickHouse answers a comparison, and a column from before its Bool type, with UInt8 1/0.
      return (value) => (value === 1 || value === 1n ? true : value === 0 || value === 0n ? false : jsonSafe(value));
    case 'string':
    case undefined:
      // text in these columns is the value itself
      return jsonSafe;
  }
}

/** The `raw` side of one result value. For whole columns, use createRawConverter. */
export function toRawValue(value: unknown, kind?: ValueKind): RawValue {
  return createRawConverter(kind)(value);
}
