import type { DimensionType } from '@quarry/domain';

import { baseTypeName } from '../catalog/assemble-catalog';
import type { ResultColumn } from '../values/result-columns';
import type { ValueKind } from '../values/value-kind';

/** Result column kind from snowflake-sdk's column type (`fixed`, `real`, `timestamp_ntz`, …) and scale. */
export function snowflakeKind(type: string, scale: number): ValueKind {
  switch (type) {
    case 'fixed':
      return scale > 0 ? 'decimal' : 'integer';
    case 'real':
      return 'float';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp_ltz':
    case 'timestamp_ntz':
    case 'timestamp_tz':
      return 'timestamp';
    case 'variant':
    case 'object':
    case 'array':
    case 'map':
      return 'json';
    default:
      // text, binary, time, geography, vector
      return 'string';
  }
}

/** A column as snowflake-sdk describes it. */
export interface SnowflakeColumnDescription {
  name: string;
  type: string;
  scale: number;
}

/**
 * Result columns. With `fetchAsString: ['Number']` NUMBER/FLOAT values arrive as text; DATE and
 * TIMESTAMP_* as JS Dates (instants; NTZ read as UTC); VARIANT parsed; TIME as an object printed
 * by its toString; BINARY as a Buffer.
 */
export function snowflakeColumns(columns: readonly SnowflakeColumnDescription[]): ResultColumn[] {
  return columns.map(({ name, type, scale }) => ({
    name,
    kind: snowflakeKind(type, scale),
    ...(type === 'time' ? { unwrap: (value: unknown) => String(value) } : {}),
  }));
}

const NUMERIC = new Set([
  'number',
  'decimal',
  'numeric',
  'int',
  'integer',
  'bigint',
  'smallint',
  'tinyint',
  'byteint',
  'float',
  'float4',
  'float8',
  'double',
  'double precision',
  'real',
]);
const TIMESTAMPS = new Set(['timestamp', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz', 'datetime']);

/** Catalog type from information_schema's `data_type` (`NUMBER`, `TIMESTAMP_NTZ`, `TEXT`, …). */
export function snowflakeDimensionType(nativeType: string): DimensionType {
  const name = baseTypeName(nativeType);
  if (NUMERIC.has(name)) return 'number';
  if (name === 'boolean') return 'boolean';
  if (name === 'date') return 'date';
  if (TIMESTAMPS.has(name)) return 'timestamp';
  return 'string';
}

/** Snowflake folds unquoted names to upper case; report those as the lower-case names projects write. */
export function snowflakeColumnName(name: string): string {
  return name === name.toUpperCase() ? name.toLowerCase() : name;
}
