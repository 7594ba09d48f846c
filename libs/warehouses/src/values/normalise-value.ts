import { toJsonSafe } from './json-safe';
import { normaliseDecimal, type NormalisedNumber, normaliseFloat, normaliseInteger } from './normalise-number';
import { normaliseDate, normaliseTimestamp } from './normalise-temporal';
import type { ValueKind } from './value-kind';

/**
 * The one place where warehouse values become response values (architecture clarification 5).
 * Adapters unwrap their SDK's wrapper objects into primitives (string, number, bigint, boolean,
 * Date, bytes) and pass them here with the column's kind; nothing else shapes row values.
 */
export function normaliseValue(kind: ValueKind, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (kind) {
    case 'integer':
      return numeric(raw, normaliseInteger);
    case 'float':
      return numeric(raw, (value) => (typeof value === 'bigint' ? normaliseInteger(value) : normaliseFloat(value)));
    case 'decimal':
      return numeric(raw, normaliseDecimal);
    case 'boolean':
      return booleanOf(raw);
    case 'date':
      return temporal(raw, normaliseDate);
    case 'timestamp':
      return temporal(raw, normaliseTimestamp);
    case 'string':
      return stringOf(raw);
    case 'json':
      return toJsonSafe(raw);
  }
}

function numeric(raw: unknown, normalise: (value: number | bigint | string) => NormalisedNumber): unknown {
  if (typeof raw === 'number' || typeof raw === 'bigint' || typeof raw === 'string') return normalise(raw);
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  return toJsonSafe(raw);
}

function temporal(raw: unknown, normalise: (value: string | Date | number) => string): unknown {
  if (typeof raw === 'string' || typeof raw === 'number' || raw instanceof Date) return normalise(raw);
  return toJsonSafe(raw);
}

const TRUE_TEXT = new Set(['t', 'true', '1', 'y', 'yes', 'on']);
const FALSE_TEXT = new Set(['f', 'false', '0', 'n', 'no', 'off']);

function booleanOf(raw: unknown): unknown {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number' || typeof raw === 'bigint') return raw !== 0 && raw !== 0n;
  if (typeof raw === 'string') {
    const text = raw.trim().toLowerCase();
    if (TRUE_TEXT.has(text)) return true;
    if (FALSE_TEXT.has(text)) return false;
  }
  return toJsonSafe(raw);
}

function stringOf(raw: unknown): unknown {
  if (typeof raw === 'string') return raw;
  if (raw instanceof Uint8Array) return Buffer.from(raw).toString('base64');
  if (raw instanceof Date) return toJsonSafe(raw);
  if (typeof raw === 'object') return JSON.stringify(toJsonSafe(raw));
  return String(raw);
}
