import { NATIVE_CSV_FALLBACK } from '@quarry/domain';

import type { CellSqlSyntax, DatePart, DateSyntax, NumberSyntax } from './cell-sql-syntax';

const STRFTIME: Readonly<Record<string, string>> = { YYYY: '%Y', MM: '%m', DD: '%d', HH: '%H', mm: '%M', ss: '%S', SSS: '%g' };

const text = (value: string): string => `'${value.replace(/'/g, "''")}'`;

function formatDate(value: string, parts: readonly DatePart[]): string {
  const pieces: string[] = [];
  let format = '';
  const flush = () => {
    if (format !== '') pieces.push(`strftime(${value}, ${text(format)})`);
    format = '';
  };
  for (const part of parts) {
    if ('literal' in part) format += part.literal.replace(/%/g, '%%');
    else if (part.token === 'Q') {
      flush();
      pieces.push(`CAST(quarter(${value}) AS VARCHAR)`);
    } else format += STRFTIME[part.token];
  }
  flush();
  return pieces.length === 1 ? pieces[0] : `(${pieces.join(' || ')})`;
}

const dates: DateSyntax = {
  year: (value) => `year(${value})`,
  formatDate,
  isFinite: (value) => `isfinite(${value})`,
  firstYear: 1,
};

/** A non-negative BIGINT with its thousands separated. */
function groupedBigint(value: string, separator: string): string {
  const grouped = `format('{:,}', ${value})`;
  return separator === ',' ? grouped : `replace(${grouped}, ',', ${text(separator)})`;
}

const numbers: NumberSyntax = {
  // the adapter hands decimals and wide integers over as text, which JavaScript reads with Number(): the same correctly rounded double
  toDouble: (value, type) => (type === 'float' ? value : `CAST(CAST(${value} AS VARCHAR) AS DOUBLE)`),
  integerText: (value) => `CAST(${value} AS VARCHAR)`,
  shortestText: (double) => `CAST(${double} AS VARCHAR)`,
  double: (value) => `CAST(${String(value)} AS DOUBLE)`,
  isNaN: (double) => `isnan(${double})`,
  isInfinite: (double) => `isinf(${double})`,
  // DuckDB prints a double as its shortest round-trip digits, and casting text to a DECIMAL rounds it
  // once, half away from zero. Below 1e15 with up to 3 decimals the DECIMAL fits 18 digits, whose
  // parsing is some 50 times faster than 38 digits'.
  roundedText: (double, digits) => `CAST(CAST(CAST(${double} AS VARCHAR) AS DECIMAL(${digits <= 3 ? 18 : 38},${digits})) AS VARCHAR)`,
  bigint: (value) => `CAST(${value} AS BIGINT)`,
  groupedBigint,
  splitAtPoint: (value, index) => `split_part(${value}, '.', ${index})`,
  trimFraction: (value) => `rtrim(rtrim(${value}, '0'), '.')`,
};

/** DuckDB: every format the JS path writes for numbers, dates, booleans and text. */
export const DUCKDB_CELL_SYNTAX: CellSqlSyntax = {
  text,
  concat: (parts) => `(${parts.filter((part) => part !== "''").join(' || ')})`,
  dates,
  fail: (value) => `error(${text(`${NATIVE_CSV_FALLBACK}: `)} || CAST(${value} AS VARCHAR))`,
  numbers,
};
