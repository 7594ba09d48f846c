import {
  type DuckDBBlobValue,
  type DuckDBDateValue,
  type DuckDBDecimalValue,
  type DuckDBTimestampMillisecondsValue,
  type DuckDBTimestampNanosecondsValue,
  type DuckDBTimestampSecondsValue,
  type DuckDBTimestampTZValue,
  type DuckDBTimestampValue,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
  JsonDuckDBValueConverter,
} from '@duckdb/node-api';
import type { DimensionType } from '@quarry/domain';

import { baseTypeName } from '../catalog/assemble-catalog';
import { normaliseFloat32 } from '../values/normalise-number';
import type { ValueKind } from '../values/value-kind';

/** A DuckDB result column: how its values normalise, and how to unwrap DuckDB's value classes first. */
export interface DuckDbColumnConverter {
  kind: ValueKind;
  unwrap: (value: unknown) => unknown;
}

const MAX_DATE_MILLIS = 8.64e15;

/** Epoch milliseconds when a JS Date can hold them, else DuckDB's own text (`infinity`). */
function epochOrText(millis: bigint, value: unknown): number | string {
  const asNumber = Number(millis);
  return Math.abs(asNumber) <= MAX_DATE_MILLIS ? asNumber : String(value);
}

function floorDiv(value: bigint, divisor: bigint): bigint {
  const quotient = value / divisor;
  return value % divisor !== 0n && value < 0n ? quotient - 1n : quotient;
}

const asIs = (value: unknown): unknown => value;
const asText = (value: unknown): unknown => String(value);

function nested(type: DuckDBType): (value: unknown) => unknown {
  return (value) => JsonDuckDBValueConverter(value as DuckDBValue, type, JsonDuckDBValueConverter);
}

export function duckDbColumnConverter(type: DuckDBType): DuckDbColumnConverter {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return { kind: 'boolean', unwrap: asIs };
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return { kind: 'integer', unwrap: asIs };
    case DuckDBTypeId.BIGNUM:
      return { kind: 'integer', unwrap: (value) => (typeof value === 'bigint' ? value : String(value)) };
    case DuckDBTypeId.FLOAT:
      return { kind: 'float', unwrap: (value) => (typeof value === 'number' ? normaliseFloat32(value) : value) };
    case DuckDBTypeId.DOUBLE:
      return { kind: 'float', unwrap: asIs };
    case DuckDBTypeId.DECIMAL:
      return { kind: 'decimal', unwrap: (value) => (value as DuckDBDecimalValue).toString() };
    case DuckDBTypeId.DATE:
      return { kind: 'date', unwrap: (value) => epochOrText(BigInt((value as DuckDBDateValue).days) * 86_400_000n, value) };
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return {
        kind: 'timestamp',
        unwrap: (value) => epochOrText(floorDiv((value as DuckDBTimestampValue | DuckDBTimestampTZValue).micros, 1000n), value),
      };
    case DuckDBTypeId.TIMESTAMP_S:
      return { kind: 'timestamp', unwrap: (value) => epochOrText((value as DuckDBTimestampSecondsValue).seconds * 1000n, value) };
    case DuckDBTypeId.TIMESTAMP_MS:
      return { kind: 'timestamp', unwrap: (value) => epochOrText((value as DuckDBTimestampMillisecondsValue).millis, value) };
    case DuckDBTypeId.TIMESTAMP_NS:
      return {
        kind: 'timestamp',
        unwrap: (value) => epochOrText(floorDiv((value as DuckDBTimestampNanosecondsValue).nanos, 1_000_000n), value),
      };
    case DuckDBTypeId.BLOB:
      return { kind: 'string', unwrap: (value) => (value as DuckDBBlobValue).bytes };
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.STRUCT:
    case DuckDBTypeId.MAP:
    case DuckDBTypeId.ARRAY:
    case DuckDBTypeId.UNION:
    case DuckDBTypeId.VARIANT:
      return { kind: 'json', unwrap: nested(type) };
    case DuckDBTypeId.VARCHAR:
    case DuckDBTypeId.UUID:
    case DuckDBTypeId.ENUM:
    case DuckDBTypeId.TIME:
    case DuckDBTypeId.TIME_TZ:
    case DuckDBTypeId.TIME_NS:
    case DuckDBTypeId.INTERVAL:
    case DuckDBTypeId.BIT:
    case DuckDBTypeId.GEOMETRY:
    case DuckDBTypeId.SQLNULL:
    case DuckDBTypeId.ANY:
    case DuckDBTypeId.STRING_LITERAL:
    case DuckDBTypeId.INTEGER_LITERAL:
    default:
      // Their text form (a newer DuckDB type id lands here too).
      return { kind: 'string', unwrap: (value) => (typeof value === 'string' ? value : asText(value)) };
  }
}

const NUMERIC_TYPES = new Set([
  'tinyint',
  'smallint',
  'integer',
  'int',
  'bigint',
  'hugeint',
  'utinyint',
  'usmallint',
  'uinteger',
  'ubigint',
  'uhugeint',
  'bignum',
  'float',
  'real',
  'double',
  'decimal',
  'numeric',
]);
const TIMESTAMP_TYPES = new Set([
  'timestamp',
  'timestamp with time zone',
  'timestamptz',
  'timestamp_s',
  'timestamp_ms',
  'timestamp_ns',
  'datetime',
]);

/** Catalog type from the type name information_schema prints (`DECIMAL(18,3)`, `TIMESTAMP WITH TIME ZONE`). */
export function duckDbDimensionType(nativeType: string): DimensionType {
  if (/[[\]]/.test(nativeType)) return 'string';
  const name = baseTypeName(nativeType);
  if (name === 'boolean' || name === 'bool') return 'boolean';
  if (name === 'date') return 'date';
  if (TIMESTAMP_TYPES.has(name)) return 'timestamp';
  if (NUMERIC_TYPES.has(name)) return 'number';
  return 'string';
}
