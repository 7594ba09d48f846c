/**
 * A result column's value as formatted cells read it (CellValueType of @quarry/formatting): its
 * SQL, with zoned timestamps converted to UTC wall time, and the kind of value the adapter made of
 * it. Undefined for types whose adapter value no formatted cell reproduces (REAL, which the adapter
 * re-reads as float32 text; nanosecond timestamps, intervals, nested values, bpchar…).
 */
export interface CellValue {
  sql: string;
  type: 'integer' | 'decimal' | 'float' | 'date' | 'timestamp' | 'boolean' | 'text';
}

const DECIMAL_TYPE = /^(?:DECIMAL|NUMERIC)(?:\(\d+,\s*\d+\))?$/i;
const DUCKDB_INTEGER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'UHUGEINT',
]);
const POSTGRES_INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);
const POSTGRES_TEXT_TYPES = new Set(['text', 'character varying', 'name']);

function duckDbCellValue(type: string, value: string): CellValue | undefined {
  if (DUCKDB_INTEGER_TYPES.has(type)) return { sql: value, type: 'integer' };
  if (DECIMAL_TYPE.test(type)) return { sql: value, type: 'decimal' };
  if (type === 'DOUBLE') return { sql: value, type: 'float' };
  if (type === 'DATE') return { sql: value, type: 'date' };
  if (type === 'TIMESTAMP' || type === 'TIMESTAMP_MS' || type === 'TIMESTAMP_S')
    return { sql: `CAST(${value} AS TIMESTAMP)`, type: 'timestamp' };
  if (type === 'TIMESTAMP WITH TIME ZONE') return { sql: `timezone('UTC', ${value})`, type: 'timestamp' };
  if (type === 'BOOLEAN') return { sql: value, type: 'boolean' };
  if (type === 'VARCHAR') return { sql: value, type: 'text' };
  return undefined;
}

function postgresCellValue(type: string, value: string): CellValue | undefined {
  if (POSTGRES_INTEGER_TYPES.has(type)) return { sql: value, type: 'integer' };
  if (DECIMAL_TYPE.test(type)) return { sql: value, type: 'decimal' };
  if (type === 'double precision') return { sql: value, type: 'float' };
  if (type === 'date') return { sql: value, type: 'date' };
  if (type === 'timestamp without time zone') return { sql: value, type: 'timestamp' };
  if (type === 'timestamp with time zone') return { sql: `(${value} AT TIME ZONE 'UTC')`, type: 'timestamp' };
  if (type === 'boolean') return { sql: value, type: 'boolean' };
  if (POSTGRES_TEXT_TYPES.has(type) || /^character varying\(\d+\)$/.test(type)) return { sql: value, type: 'text' };
  return undefined;
}

export function cellValueSql(engine: 'duckdb' | 'postgres', nativeType: string, value: string): CellValue | undefined {
  return engine === 'duckdb' ? duckDbCellValue(nativeType, value) : postgresCellValue(nativeType, value);
}
