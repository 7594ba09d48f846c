import { withoutTrailingSemicolons } from '../sql/sql-literals';
import { formulaSafeCellSql } from './formula-safe-cell';
import type { NativeCsvCell } from './native-csv';

/**
 * How an engine's SQL tests a cell for the quoting Papa Parse applies (the JS path's CSV writer):
 * a cell is quoted when it holds a comma, a double quote, CR, LF or a BOM, or begins or ends with
 * a space. The engines' own CSV writers quote by other rules (an empty string as `""`, no quotes
 * around a leading space), so cells are quoted in SQL and written out as they are.
 */
export interface CsvLineSyntax {
  /** A boolean SQL expression: `text` (SQL of a non-null text value) needs quotes. */
  needsQuotes(text: string): string;
}

export const DUCKDB_CSV_LINE: CsvLineSyntax = {
  // Substring tests: cheaper per cell than a regular expression (and, measured, than one test per row over the joined cells).
  needsQuotes: (text) =>
    `(contains(${text}, ',') OR contains(${text}, '"') OR contains(${text}, chr(13)) OR contains(${text}, chr(10)) ` +
    `OR contains(${text}, chr(65279)) OR starts_with(${text}, ' ') OR ends_with(${text}, ' '))`,
};

const CELLS = 'quarry_cells';
const RAW_CELLS = 'quarry_raw_cells';
const RESULT = 'quarry_result';

/** The alias the compiled query gets inside the cells' query; cell expressions read its columns. */
export const RESULT_ALIAS = RESULT;

/**
 * Where cells are made formula-safe: in SQL (DuckDB's writers), or by the caller on the engine's
 * output (PostgreSQL: PostgresCsvLines guards the cells as it reads them — PostgreSQL pulls the
 * projection up into the one above, so a guard in SQL computes each formatted cell twice; measured
 * on the bench's 1M rows, the guard in SQL cost the server ≈ 0.45 s raw and ≈ 2 s formatted over COPY's 0.78 s).
 */
export type FormulaGuard = 'in-sql' | 'by-caller';

/**
 * The cells over the compiled query, as `c0`, `c1`, …; plain projections keep its order and LIMIT.
 * Cells that may hold text (those that may need quotes: raw text, every formatted cell) are made
 * formula-safe one projection up, where each is a column read again rather than its expression
 * computed again; numbers, dates and booleans print nothing a spreadsheet runs and are not tested.
 * With `by-caller`, the caller must guard those cells (cellsGuardedByCaller) on the rows it reads.
 */
export function cellsSql(sql: string, cells: readonly NativeCsvCell[], guard: FormulaGuard = 'in-sql'): string {
  if (cells.length === 0) throw new Error('A CSV export needs at least one column');
  const computed = cells.map((cell, index) => `${cell.sql} AS c${index}`).join(', ');
  const rawCells = `(SELECT ${computed} FROM (${withoutTrailingSemicolons(sql)}) AS ${RESULT})`;
  if (guard === 'by-caller' || !cells.some((cell) => cell.mayNeedQuotes)) return `${rawCells} AS ${CELLS}`;
  const safe = cells
    .map((cell, index) => (cell.mayNeedQuotes ? `${formulaSafeCellSql(`${RAW_CELLS}.c${index}`)} AS c${index}` : `${RAW_CELLS}.c${index}`))
    .join(', ');
  return `(SELECT ${safe} FROM ${rawCells} AS ${RAW_CELLS}) AS ${CELLS}`;
}

/** Which cells a caller of cellsSql(…, 'by-caller') must make formula-safe: those that may hold text. */
export function cellsGuardedByCaller(cells: readonly NativeCsvCell[]): boolean[] {
  return cells.map((cell) => cell.mayNeedQuotes);
}

/** Every column needs its header cell. */
export function assertHeaderFits(cells: readonly NativeCsvCell[], header: readonly string[]): void {
  if (header.length !== cells.length) throw new Error(`A CSV export has ${cells.length} columns and ${header.length} header cells`);
}

/** Cell `index` of cellsSql, read by the outer query. */
export function cellColumn(index: number): string {
  return `${CELLS}.c${index}`;
}

/** Cell `index` as CSV text: empty for NULL, quoted where the JS path quotes. */
function quotedCell(syntax: CsvLineSyntax, cells: readonly NativeCsvCell[], index: number): string {
  if (!cells[index]?.mayNeedQuotes) return plainCell(index);
  const cell = cellColumn(index);
  return (
    `CASE WHEN ${cell} IS NULL THEN '' WHEN ${syntax.needsQuotes(cell)} THEN '"' || replace(${cell}, '"', '""') || '"' ` +
    `ELSE ${cell} END`
  );
}

/** Cell `index` as CSV text when it is never quoted: empty for NULL. */
function plainCell(index: number): string {
  return `COALESCE(${cellColumn(index)}, '')`;
}

/**
 * SQL for an engine's CSV writer told not to quote (DuckDB: QUOTE '', ESCAPE ''): each column a
 * cell already quoted, named by its header cell — the writer joins both with commas, so its header
 * line is csvHeaderLine's (the first name carries the BOM) and its lines the JS path's. Column
 * names must be non-empty and distinct (ignoring case, or DuckDB renames one): a column whose
 * header would break that is joined in SQL to the one before it, under both headers joined.
 * `quote` quotes an identifier.
 */
export function csvColumnsSql(
  syntax: CsvLineSyntax,
  sql: string,
  cells: readonly NativeCsvCell[],
  header: readonly string[],
  quote: (name: string) => string,
): string {
  assertHeaderFits(cells, header);
  const names = header.map((cell, index) => (index === 0 ? `\ufeff${cell}` : cell));
  const runs = namedRuns(names);
  const columns = runs.map(({ first, count }) => {
    const run = Array.from({ length: count }, (_, offset) => first + offset);
    return (
      `${run.map((index) => quotedCell(syntax, cells, index)).join(` || ',' || `)} ` +
      `AS ${quote(run.map((index) => names[index]).join(','))}`
    );
  });
  return `SELECT ${columns.join(', ')} FROM ${cellsSql(sql, cells)}`;
}

/** Consecutive columns written as one, so that every written column's name is non-empty and distinct ignoring case. */
function namedRuns(names: readonly string[]): Array<{ first: number; count: number }> {
  const runs: Array<{ first: number; count: number }> = [];
  const taken = new Set<string>();
  names.forEach((name, index) => {
    const last = runs[runs.length - 1];
    if (last && (name === '' || taken.has(name.toLowerCase()))) last.count += 1;
    else {
      runs.push({ first: index, count: 1 });
      taken.add(name.toLowerCase());
    }
  });
  const joined = runs.map(({ first, count }) =>
    names
      .slice(first, first + count)
      .join(',')
      .toLowerCase(),
  );
  // Joined names may meet again (`a` then `a,`…): then the row is one column, its name the whole header line.
  return new Set(joined).size === joined.length ? runs : [{ first: 0, count: names.length }];
}
