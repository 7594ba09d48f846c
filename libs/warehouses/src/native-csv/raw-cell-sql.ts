import { NATIVE_CSV_FALLBACK } from '@quarry/domain';

import type { NativeCsvCell } from './native-csv';

/**
 * How the JS path writes a raw CSV cell (csvRawValue of @quarry/formatting, after the adapter
 * normalised the value): dates `YYYY-MM-DD` and timestamps `YYYY-MM-DD HH:mm:ss.SSS` in UTC when
 * the field is a date or timestamp, numbers as JavaScript prints them, text as it is.
 */
export type RawCellAs = 'date' | 'timestamp' | 'text';

type CellCompiler = (value: string, as: RawCellAs) => NativeCsvCell | undefined;

/** Text as it is: it may hold anything the JS path quotes. */
const textCell = (sql: string): NativeCsvCell => ({ sql, mayNeedQuotes: true });
/** Digits, signs, points, colons, an inner space, NaN, Infinity, true or false: never quoted. */
const unquotedCell = (sql: string): NativeCsvCell => ({ sql, mayNeedQuotes: false });

const INTEGER_TYPES = new Set([
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
const DECIMAL_TYPE = /^(?:DECIMAL|NUMERIC)(?:\(\d+,\s*\d+\))?$/i;

interface NumberSyntax {
  text: (value: string) => string;
  /** An expression that fails, naming NATIVE_CSV_FALLBACK; it reads the value so it is not folded into a constant at planning. */
  fail: (value: string) => string;
  isSpecial: (value: string) => string;
}

const DUCKDB_NUMBERS: NumberSyntax = {
  text: (value) => `CAST(${value} AS VARCHAR)`,
  fail: (value) => `error('${NATIVE_CSV_FALLBACK}: ' || CAST(${value} AS VARCHAR))`,
  isSpecial: (value) => `(isnan(${value}) OR isinf(${value}))`,
};

const POSTGRES_NUMBERS: NumberSyntax = {
  text: (value) => `CAST(${value} AS text)`,
  // PostgreSQL has no error function: a cast of text that is not a number fails with that text in its message.
  fail: (value) => `CAST(CAST('${NATIVE_CSV_FALLBACK}: ' || CAST(${value} AS text) AS numeric) AS text)`,
  isSpecial: (value) => `CAST(${value} AS text) IN ('NaN', 'Infinity', '-Infinity')`,
};

/**
 * A non-integer number as the JS path prints it (String of the normalised value). Exact decimals
 * print as their plain text without trailing fraction zeros, floats as their shortest round-trip
 * digits — which engine and JavaScript both write in plain notation only inside a window
 * (JavaScript: 1e-6 ≤ |x| < 1e21; DuckDB and PostgreSQL floats: 1e-4 ≤ |x| < 1e15). Outside it the
 * cell fails and the export takes the JS path, rather than print 1e-05 where JavaScript prints 0.00001.
 */
function numberText(value: string, syntax: NumberSyntax, kind: 'float' | 'decimal', engine: 'duckdb' | 'postgres'): string {
  const [low, high] = kind === 'float' ? ['0.0001', '1e15'] : ['0.000001', '1e21'];
  const text = syntax.text(value);
  // DuckDB writes an integral double as `2.0`; JavaScript as `2`.
  const plain =
    kind === 'float'
      ? engine === 'duckdb'
        ? `regexp_replace(${text}, '\\.0$', '')`
        : text
      : `CASE WHEN strpos(${text}, '.') > 0 THEN rtrim(rtrim(${text}, '0'), '.') ELSE ${text} END`;
  const special =
    kind === 'float' && engine === 'duckdb'
      ? `CASE WHEN isnan(${value}) THEN 'NaN' WHEN ${value} > 0 THEN 'Infinity' ELSE '-Infinity' END`
      : text;
  return (
    `CASE WHEN ${value} IS NULL THEN NULL WHEN ${syntax.isSpecial(value)} THEN ${special} WHEN ${value} = 0 THEN '0' ` +
    `WHEN abs(${value}) >= ${low} AND abs(${value}) < ${high} THEN ${plain} ELSE ${syntax.fail(value)} END`
  );
}

/** DuckDB timestamps print in UTC: a zoned one is converted first, a plain one is UTC already (as the adapter reads it). */
function duckDbUtc(value: string, type: string): string {
  return type === 'TIMESTAMP WITH TIME ZONE' ? `timezone('UTC', ${value})` : `CAST(${value} AS TIMESTAMP)`;
}

const DUCKDB_TEMPORAL = new Set(['DATE', 'TIMESTAMP', 'TIMESTAMP WITH TIME ZONE', 'TIMESTAMP_MS', 'TIMESTAMP_S']);

function duckDbRawCell(type: string): CellCompiler {
  return (value, as) => {
    if (DUCKDB_TEMPORAL.has(type)) {
      if (as === 'date') return unquotedCell(`strftime(${duckDbUtc(value, type)}, '%Y-%m-%d')`);
      if (as === 'timestamp') return unquotedCell(`strftime(${duckDbUtc(value, type)}, '%Y-%m-%d %H:%M:%S.%g')`);
      return undefined;
    }
    if (as !== 'text') return undefined;
    const text = (sql: string) => `CAST(${sql} AS VARCHAR)`;
    if (type === 'VARCHAR') return textCell(text(value));
    if (INTEGER_TYPES.has(type) || type === 'BOOLEAN') return unquotedCell(text(value));
    if (type === 'DOUBLE') return unquotedCell(numberText(value, DUCKDB_NUMBERS, 'float', 'duckdb'));
    if (DECIMAL_TYPE.test(type)) return unquotedCell(numberText(value, DUCKDB_NUMBERS, 'decimal', 'duckdb'));
    return undefined;
  };
}

const POSTGRES_TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name']);
const POSTGRES_INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);

function postgresRawCell(type: string): CellCompiler {
  return (value, as) => {
    const zoned = type === 'timestamp with time zone';
    if (type === 'date' || type === 'timestamp without time zone' || zoned) {
      const utc = zoned ? `(${value} AT TIME ZONE 'UTC')` : value;
      if (as === 'date') return unquotedCell(`to_char(${utc}, 'YYYY-MM-DD')`);
      if (as === 'timestamp') return unquotedCell(`to_char(${utc}, 'YYYY-MM-DD HH24:MI:SS.MS')`);
      return undefined;
    }
    if (as !== 'text') return undefined;
    const text = (sql: string) => `CAST(${sql} AS text)`;
    if (POSTGRES_TEXT_TYPES.has(type)) return textCell(text(value));
    if (POSTGRES_INTEGER_TYPES.has(type)) return unquotedCell(text(value));
    if (type === 'boolean') return unquotedCell(`CASE ${value} WHEN TRUE THEN 'true' WHEN FALSE THEN 'false' END`);
    if (type === 'double precision') return unquotedCell(numberText(value, POSTGRES_NUMBERS, 'float', 'postgres'));
    if (DECIMAL_TYPE.test(type)) return unquotedCell(numberText(value, POSTGRES_NUMBERS, 'decimal', 'postgres'));
    return undefined;
  };
}

/**
 * SQL of a raw CSV cell, given the SQL of the value and its column's type on the engine (the
 * DuckDB type text, or PostgreSQL's format_type). Undefined when this combination is not known to
 * print exactly as the JS path does (REAL, whose widening JavaScript undoes differently; nested
 * values, intervals…): the export then takes the JS path.
 */
export function rawCellSql(engine: 'duckdb' | 'postgres', nativeType: string, value: string, as: RawCellAs): NativeCsvCell | undefined {
  return (engine === 'duckdb' ? duckDbRawCell(nativeType) : postgresRawCell(nativeType))(value, as);
}

/** The error of a cell whose value only the JS path prints exactly (see NATIVE_CSV_FALLBACK). */
export function isNativeCsvFallback(error: unknown): boolean {
  return (error instanceof Error ? error.message : String(error)).includes(NATIVE_CSV_FALLBACK);
}
