import { withoutTrailingSemicolons } from '../sql/sql-literals';

/**
 * How an engine's SQL tests a cell for the quoting Papa Parse applies (the JS path's CSV writer):
 * a cell is quoted when it holds a comma, a double quote, CR, LF or a BOM, or begins or ends with
 * a space. The engines' own CSV writers quote by other rules (an empty string as `""`, no quotes
 * around a leading space), so each line is built in SQL and written out unquoted.
 */
export interface CsvLineSyntax {
  /** A boolean SQL expression: `text` (SQL of a non-null text value) needs quotes. */
  needsQuotes(text: string): string;
}

export const DUCKDB_CSV_LINE: CsvLineSyntax = {
  // RE2; a plain DuckDB string literal passes backslashes through to the regex engine.
  needsQuotes: (text) => `regexp_matches(${text}, '[",\\r\\n\\x{FEFF}]|^ | $')`,
};

export const POSTGRES_CSV_LINE: CsvLineSyntax = {
  // An E'' literal reads the same whatever standard_conforming_strings is.
  needsQuotes: (text) => `(${text} ~ E'[",\\\\r\\\\n\\\\uFEFF]|^ | $')`,
};

const CELLS = 'quarry_cells';
const RESULT = 'quarry_result';

/** The alias the compiled query gets inside the line query; cell expressions read its columns. */
export const RESULT_ALIAS = RESULT;

/**
 * SQL whose single text column (named `lineAlias`, SQL text) is each row's CSV line (no line ending): the cells are
 * computed once (inner query), then
 * quoted and joined. Both levels are plain projections, which keep the compiled query's order (and
 * its LIMIT: the caller plans one row past the export's limit, which tells whether rows were cut).
 */
export function csvLineSql(syntax: CsvLineSyntax, sql: string, cells: readonly string[], lineAlias = 'line'): string {
  if (cells.length === 0) throw new Error('A CSV export needs at least one column');
  const computed = cells.map((cell, index) => `${cell} AS c${index}`).join(', ');
  const quoted = cells.map((_, index) => {
    const cell = `${CELLS}.c${index}`;
    return `CASE WHEN ${cell} IS NULL THEN '' WHEN ${syntax.needsQuotes(cell)} THEN '"' || replace(${cell}, '"', '""') || '"' ELSE ${cell} END`;
  });
  return `SELECT ${quoted.join(` || ',' || `)} AS ${lineAlias} FROM (SELECT ${computed} FROM (${withoutTrailingSemicolons(sql)}) AS ${RESULT}) AS ${CELLS}`;
}
