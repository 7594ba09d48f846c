import { normaliseFloat, normaliseInteger } from './normalise-number';

/**
 * Nested values (arrays, structs, maps, JSON documents) as plain JSON: bigints as integers
 * (strings beyond 2^53), Dates as ISO strings, bytes as base64, never a class instance.
 */
export function toJsonSafe(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return normaliseInteger(value);
  if (typeof value === 'number') return normaliseFloat(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(toJsonSafe);
  if (value instanceof Map) return Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), toJsonSafe(item)]));
  if (typeof value === 'object') {
    const withToJson = value as { toJSON?: () => unknown };
    if (typeof withToJson.toJSON === 'function' && Object.getPrototypeOf(value) !== Object.prototype)
      return toJsonSafe(withToJson.toJSON());
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonSafe(item)]));
  }
  return String(value);
}
