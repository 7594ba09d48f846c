import type { DimensionType } from '@quarry/domain';

import { baseTypeName } from '../catalog/assemble-catalog';
import type { ResultColumn } from '../values/result-columns';
import { dimensionTypeOf, type ValueKind } from '../values/value-kind';

const INTEGERS = new Set(['tinyint', 'smallint', 'integer', 'int', 'bigint']);
const FLOATS = new Set(['real', 'double']);
const STRUCTURED = /^(array|map|row)\b/;

/**
 * Kind of a result column from Trino's type signature (`decimal(10,2)`, `timestamp(3) with time
 * zone`, `array(varchar)`). Timestamps with a zone arrive as `2018-01-01 10:00:00.000 UTC` or with
 * a region name; the shared normaliser reads both.
 */
export function trinoKind(type: string): ValueKind {
  const signature = type.trim().toLowerCase();
  if (STRUCTURED.test(signature)) return 'json';
  const name = baseTypeName(signature);
  if (INTEGERS.has(name)) return 'integer';
  if (FLOATS.has(name)) return 'float';
  if (name === 'decimal') return 'decimal';
  if (name === 'boolean') return 'boolean';
  if (name === 'date') return 'date';
  if (name === 'timestamp' || name === 'timestamp with time zone') return 'timestamp';
  return 'string';
}

export function trinoDimensionType(nativeType: string): DimensionType {
  return dimensionTypeOf(trinoKind(nativeType));
}

/** Result columns from a page's `columns` (values arrive JSON-decoded: decimals and temporals as text). */
export function trinoColumns(columns: readonly { name: string; type: string }[]): ResultColumn[] {
  return columns.map((column) => ({ name: column.name, kind: trinoKind(column.type) }));
}
