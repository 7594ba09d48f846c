import type { DimensionType } from '@quarry/domain';

import { baseTypeName } from '../catalog/assemble-catalog';
import { normaliseFloat32 } from '../values/normalise-number';
import type { ResultColumn } from '../values/result-columns';
import type { ValueKind } from '../values/value-kind';

/**
 * Result column kinds by the HiveServer2 protocol's TTypeId (fixed numbers of the Thrift protocol
 * @databricks/sql speaks: 0 BOOLEAN … 21 INTERVAL_DAY_TIME).
 */
const KIND_BY_TYPE_ID: readonly ValueKind[] = [
  'boolean', // 0 BOOLEAN
  'integer', // 1 TINYINT
  'integer', // 2 SMALLINT
  'integer', // 3 INT
  'integer', // 4 BIGINT
  'float', // 5 FLOAT
  'float', // 6 DOUBLE
  'string', // 7 STRING
  'timestamp', // 8 TIMESTAMP
  'string', // 9 BINARY
  'json', // 10 ARRAY
  'json', // 11 MAP
  'json', // 12 STRUCT
  'string', // 13 UNION
  'string', // 14 USER_DEFINED
  'decimal', // 15 DECIMAL
  'string', // 16 NULL
  'date', // 17 DATE
  'string', // 18 VARCHAR
  'string', // 19 CHAR
  'string', // 20 INTERVAL_YEAR_MONTH
  'string', // 21 INTERVAL_DAY_TIME
];

export function databricksKind(typeId: number | undefined): ValueKind {
  return (typeId === undefined ? undefined : KIND_BY_TYPE_ID[typeId]) ?? 'string';
}

/** The column schema @databricks/sql reports (TTableSchema). */
export interface DatabricksSchema {
  columns: { columnName: string; typeDesc: { types: { primitiveEntry?: { type: number } }[] } }[];
}

const FLOAT_TYPE_ID = 5;

/**
 * Result columns from the operation's schema. With preserveBigNumericPrecision, DECIMAL arrives as
 * exact text and BIGINT as a bigint; TIMESTAMP as a JS Date; FLOAT (32-bit) widened to a double,
 * so it is narrowed back to its shortest text.
 */
export function databricksColumns(schema: DatabricksSchema | null | undefined): ResultColumn[] {
  return (schema?.columns ?? []).map((column) => {
    const typeId = column.typeDesc.types[0]?.primitiveEntry?.type;
    const unwrap = typeId === FLOAT_TYPE_ID ? (value: unknown) => (typeof value === 'number' ? normaliseFloat32(value) : value) : undefined;
    return { name: column.columnName, kind: databricksKind(typeId), ...(unwrap ? { unwrap } : {}) };
  });
}

const NUMERIC = new Set([
  'tinyint',
  'byte',
  'smallint',
  'short',
  'int',
  'integer',
  'bigint',
  'long',
  'float',
  'real',
  'double',
  'decimal',
  'dec',
  'numeric',
]);

/** Catalog type from the type names DESCRIBE and the columns metadata report (`decimal(10,2)`, `timestamp_ntz`, `array<string>`). */
export function databricksDimensionType(nativeType: string): DimensionType {
  if (/[<>]/.test(nativeType)) return 'string';
  const name = baseTypeName(nativeType);
  if (NUMERIC.has(name)) return 'number';
  if (name === 'boolean') return 'boolean';
  if (name === 'date') return 'date';
  if (name === 'timestamp' || name === 'timestamp_ntz' || name === 'timestamp_ltz') return 'timestamp';
  return 'string';
}
