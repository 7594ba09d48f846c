/**
 * How the JS path writes a raw CSV cell (csvRawValue of @quarry/formatting, after the adapter
 * normalised the value): dates `YYYY-MM-DD` and timestamps `YYYY-MM-DD HH:mm:ss.SSS` in UTC when
 * the field is a date or timestamp, numbers as JavaScript prints them, text as it is.
 */
export type RawCellAs = 'date' | 'timestamp' | 'text';

type CellCompiler = (value: string, as: RawCellAs) => string | undefined;

const INTEGER_TYPES = new Set(['TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'HUGEINT', 'UTINYINT', 'USMALLINT', 'UINTEGER', 'UBIGINT', 'UHUGEINT']);
const DECIMAL_TYPE = /^(?:DECIMAL|NUMERIC)\((\d+),\s*(\d+)\)$/i;

/**
 * An exact decimal as the JS path prints it: trailing fraction zeros dropped, `0` for zero. Only
 * for scales up to 6 and fewer than 22 integer digits: outside those, JavaScript prints some
 * values in exponent form (1e-7, 1e+21), which no plain decimal text matches.
 */
function decimalText(value: string, type: string, toText: (value: string) => string): string | undefined {
  const match = DECIMAL_TYPE.exec(type);
  if (!match) return undefined;
  const [width, scale] = [Number(match[1]), Number(match[2])];
  if (scale > 6 || width - scale > 21) return undefined;
  if (scale === 0) return toText(value);
  return `CASE WHEN ${value} = 0 THEN '0' ELSE rtrim(rtrim(${toText(value)}, '0'), '.') END`;
}

/** DuckDB timestamps print in UTC: a zoned one is converted first, a plain one is UTC already (as the adapter reads it). */
function duckDbUtc(value: string, type: string): string {
  return type === 'TIMESTAMP WITH TIME ZONE' ? `timezone('UTC', ${value})` : `CAST(${value} AS TIMESTAMP)`;
}

const DUCKDB_TEMPORAL = new Set(['DATE', 'TIMESTAMP', 'TIMESTAMP WITH TIME ZONE', 'TIMESTAMP_MS', 'TIMESTAMP_S']);

function duckDbRawCell(type: string): CellCompiler {
  return (value, as) => {
    if (DUCKDB_TEMPORAL.has(type)) {
      if (as === 'date') return `strftime(${duckDbUtc(value, type)}, '%Y-%m-%d')`;
      if (as === 'timestamp') return `strftime(${duckDbUtc(value, type)}, '%Y-%m-%d %H:%M:%S.%g')`;
      return undefined;
    }
    if (as !== 'text') return undefined;
    const text = (sql: string) => `CAST(${sql} AS VARCHAR)`;
    if (INTEGER_TYPES.has(type) || type === 'VARCHAR' || type === 'BOOLEAN') return text(value);
    return decimalText(value, type, text);
  };
}

const POSTGRES_TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name']);
const POSTGRES_INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);

function postgresRawCell(type: string): CellCompiler {
  return (value, as) => {
    const zoned = type === 'timestamp with time zone';
    if (type === 'date' || type === 'timestamp without time zone' || zoned) {
      const utc = zoned ? `(${value} AT TIME ZONE 'UTC')` : value;
      if (as === 'date') return `to_char(${utc}, 'YYYY-MM-DD')`;
      if (as === 'timestamp') return `to_char(${utc}, 'YYYY-MM-DD HH24:MI:SS.MS')`;
      return undefined;
    }
    if (as !== 'text') return undefined;
    const text = (sql: string) => `CAST(${sql} AS text)`;
    if (POSTGRES_TEXT_TYPES.has(type) || POSTGRES_INTEGER_TYPES.has(type)) return text(value);
    if (type === 'boolean') return `CASE ${value} WHEN TRUE THEN 'true' WHEN FALSE THEN 'false' END`;
    return decimalText(value, type, text);
  };
}

/**
 * SQL of a raw CSV cell, given the SQL of the value and its column's type on the engine (the
 * DuckDB type text, or PostgreSQL's format_type). Undefined when this combination is not known to
 * print exactly as the JS path does (floats: the engines switch to exponent form at other
 * magnitudes than JavaScript, 1e-05 for 0.00001; unconstrained numerics; nested
 * values…): the export then takes the JS path.
 */
export function rawCellSql(engine: 'duckdb' | 'postgres', nativeType: string, value: string, as: RawCellAs): string | undefined {
  return (engine === 'duckdb' ? duckDbRawCell(nativeType) : postgresRawCell(nativeType))(value, as);
}
