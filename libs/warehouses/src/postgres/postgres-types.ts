import type { DimensionType } from '@quarry/domain';
import { type CustomTypesConfig, types } from 'pg';

import { baseTypeName } from '../catalog/assemble-catalog';
import type { ValueKind } from '../values/value-kind';

/** Result column kinds by type OID (pg_type.oid; the same numbers on Redshift). */
const KIND_BY_OID: ReadonlyMap<number, ValueKind> = new Map<number, ValueKind>([
  [16, 'boolean'],
  [20, 'integer'], // int8
  [21, 'integer'], // int2
  [23, 'integer'], // int4
  [26, 'integer'], // oid
  [700, 'float'], // float4: PostgreSQL prints the shortest text, so no float32 widening here
  [701, 'float'],
  [1700, 'decimal'],
  [1082, 'date'],
  [1114, 'timestamp'],
  [1184, 'timestamp'],
  [114, 'json'],
  [3802, 'json'],
  // Arrays node-postgres parses into JS arrays.
  [1000, 'json'],
  [1005, 'json'],
  [1007, 'json'],
  [1016, 'json'],
  [1021, 'json'],
  [1022, 'json'],
  [1231, 'json'],
  [1009, 'json'],
  [1015, 'json'],
  [199, 'json'],
  [3807, 'json'],
  [2951, 'json'],
]);

export function postgresKindOfOid(oid: number): ValueKind {
  return KIND_BY_OID.get(oid) ?? 'string';
}

/**
 * Types kept as the server's text instead of node-postgres's default parsing: its Date parsing
 * reads timestamps and dates in the process's local zone, and numeric/int8 would lose digits.
 * The shared normaliser reads the text exactly.
 */
const RAW_TEXT_OIDS = new Set([
  20, // int8
  1700, // numeric
  1082, // date
  1114, // timestamp
  1184, // timestamptz
  1083, // time
  1266, // timetz
  1186, // interval
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
]);

const keepText = (value: string): string => value;

export const postgresTypeParsers: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_OIDS.has(oid) ? keepText : types.getTypeParser(oid, format ?? 'text')) as CustomTypesConfig['getTypeParser'],
};

const CATALOG_TYPES: ReadonlyMap<string, DimensionType> = new Map<string, DimensionType>([
  ['boolean', 'boolean'],
  ['bool', 'boolean'],
  ...[
    'smallint',
    'integer',
    'bigint',
    'int',
    'int2',
    'int4',
    'int8',
    'real',
    'double precision',
    'float',
    'float4',
    'float8',
    'numeric',
    'decimal',
    'oid',
  ].map((name): [string, DimensionType] => [name, 'number']),
  ['date', 'date'],
  ...['timestamp', 'timestamp without time zone', 'timestamp with time zone', 'timestamptz'].map((name): [string, DimensionType] => [
    name,
    'timestamp',
  ]),
]);

/** Catalog type of a column from its type name as `format_type` / information_schema print it. */
export function postgresDimensionType(nativeType: string): DimensionType {
  if (nativeType.trim().endsWith(']')) return 'string';
  return CATALOG_TYPES.get(baseTypeName(nativeType)) ?? 'string';
}
