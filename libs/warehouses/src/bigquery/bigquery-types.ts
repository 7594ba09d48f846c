import type { DimensionType } from '@quarry/domain';

import { baseTypeName } from '../catalog/assemble-catalog';
import { normaliseInteger } from '../values/normalise-number';
import type { ResultColumn } from '../values/result-columns';
import type { ValueKind } from '../values/value-kind';

/** A field of a BigQuery result schema (as the REST API describes it). */
export interface BigQueryField {
  name?: string | null;
  type?: string | null;
  mode?: string | null;
}

/** Result column kind from the schema field's type and mode. */
export function bigQueryKind(field: BigQueryField): ValueKind {
  if (field.mode === 'REPEATED') return 'json';
  switch (field.type ?? '') {
    case 'INTEGER':
    case 'INT64':
      return 'integer';
    case 'FLOAT':
    case 'FLOAT64':
      return 'float';
    case 'NUMERIC':
    case 'BIGNUMERIC':
      return 'decimal';
    case 'BOOLEAN':
    case 'BOOL':
      return 'boolean';
    case 'DATE':
      return 'date';
    case 'DATETIME':
    case 'TIMESTAMP':
      return 'timestamp';
    case 'RECORD':
    case 'STRUCT':
    case 'JSON':
    case 'RANGE':
      return 'json';
    default:
      // STRING, BYTES, TIME, GEOGRAPHY, INTERVAL
      return 'string';
  }
}

/**
 * The SDK wraps values in classes: BigQueryInt/Date/Datetime/Timestamp/Time and Geography hold
 * their wire text in `.value`; NUMERIC comes as a big.js number. Nested records and arrays are
 * walked so no wrapper reaches a response.
 */
export function bigQueryUnwrap(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date || value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map(bigQueryUnwrap);
  const wrapped = value as { value?: unknown; toFixed?: (dp?: number) => string; constructor?: { name?: string } };
  if (wrapped.constructor?.name === 'Big' && typeof wrapped.toFixed === 'function') return wrapped.toFixed();
  // Integers keep the same JSON shape nested as at top level: numbers, text only beyond 2^53.
  if (wrapped.constructor?.name === 'BigQueryInt' && typeof wrapped.value === 'string') return normaliseInteger(wrapped.value);
  if (typeof wrapped.value === 'string' && wrapped.constructor?.name !== 'Object') return wrapped.value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, bigQueryUnwrap(item)]));
}

/** Result columns from the job's schema; every value is unwrapped from the SDK's classes first. */
export function bigQueryColumns(fields: readonly BigQueryField[]): ResultColumn[] {
  return fields.map((field) => ({ name: field.name ?? '', kind: bigQueryKind(field), unwrap: bigQueryUnwrap }));
}

const NUMERIC = new Set([
  'int64',
  'integer',
  'int',
  'smallint',
  'bigint',
  'tinyint',
  'byteint',
  'float64',
  'float',
  'numeric',
  'bignumeric',
  'decimal',
  'bigdecimal',
]);

/** Catalog type from INFORMATION_SCHEMA.COLUMNS `data_type` (`INT64`, `NUMERIC(10, 2)`, `ARRAY<STRING>`, …). */
export function bigQueryDimensionType(nativeType: string): DimensionType {
  if (/[<>]/.test(nativeType)) return 'string';
  const name = baseTypeName(nativeType);
  if (NUMERIC.has(name)) return 'number';
  if (name === 'bool' || name === 'boolean') return 'boolean';
  if (name === 'date') return 'date';
  if (name === 'datetime' || name === 'timestamp') return 'timestamp';
  return 'string';
}
