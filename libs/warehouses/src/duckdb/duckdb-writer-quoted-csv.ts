import { hash } from 'node:crypto';

import { assertHeaderFits, cellColumn, cellsSql } from '../native-csv/csv-line-sql';
import type { NativeCsvCell } from '../native-csv/native-csv';

/** The error of a cell that DuckDB's CSV writer would quote otherwise than the JS path (see writerQuotedColumnsSql). */
export const WRITER_QUOTING_DIFFERS = 'quarry-csv-writer-quoting-differs';

/** COPY's options for writerQuotedColumnsSql: DuckDB's defaults, spelled out. */
export const WRITER_QUOTED_CSV_OPTIONS = `FORMAT csv, HEADER true, DELIMITER ',', QUOTE '"', ESCAPE '"', NULLSTR ''`;

/**
 * SQL whose columns DuckDB's CSV writer quotes itself, as the JS path (Papa Parse) would — for the
 * values where the two agree, which is nearly all of them. DuckDB quotes a value holding a comma,
 * a double quote, CR, LF or `#` (hard-wired in 1.5), and the empty string (its NULL text), doubling
 * quotes as Papa does; Papa also quotes a value holding a BOM or starting or ending with a space,
 * and not one holding `#`. Empty strings are written as NULL (an empty cell either way); a value
 * with `#`, a BOM or a space at either end fails the statement, naming WRITER_QUOTING_DIFFERS, so
 * that the export is written again with its cells quoted in SQL (csvColumnsSql). Four substring
 * tests per text cell instead of seven, and no CASE building quoted text: measured on the bench's
 * 1M-row raw export (1 thread), the SQL quoting cost ≈ 0.35 s over writing the cells as they are,
 * these tests ≈ 0.12 s.
 * Undefined when DuckDB cannot write the header line as the JS path does (a header cell Papa
 * quoted, one holding `#`, an empty or repeated name): the export then quotes in SQL throughout.
 */
export function writerQuotedColumnsSql(
  sql: string,
  cells: readonly NativeCsvCell[],
  header: readonly string[],
  quote: (name: string) => string,
): string | undefined {
  assertHeaderFits(cells, header);
  const names = new Set(header.map((name) => name.toLowerCase()));
  if (names.size !== header.length || header.some((name) => name === '' || name.startsWith('"') || name.includes('#'))) return undefined;
  const columns = cells.map(
    (cell, index) =>
      `${cell.mayNeedQuotes ? checkedCell(cellColumn(index)) : cellColumn(index)} ` +
      `AS ${quote(index === 0 ? `\ufeff${header[index]}` : (header[index] as string))}`,
  );
  return `SELECT ${columns.join(', ')} FROM ${cellsSql(sql, cells)}`;
}

/** The cell as DuckDB's writer may quote it; the error reads the value so that it is not folded into a constant when planned. */
function checkedCell(cell: string): string {
  const differs = `contains(${cell}, '#') OR contains(${cell}, chr(65279)) OR starts_with(${cell}, ' ') OR ends_with(${cell}, ' ')`;
  return (
    `CASE WHEN ${cell} = '' THEN NULL WHEN ${differs} THEN error('${WRITER_QUOTING_DIFFERS}: ' || CAST(length(${cell}) ` +
    `AS VARCHAR)) ELSE ${cell} END`
  );
}

/**
 * Queries (SQL and values) whose rows stopped the writer's attempt: the next export of the same
 * query, a scheduled one say, quotes in SQL from the start instead of writing part of the file
 * twice. Only speed depends on it — both ways write the same bytes — so a key from another
 * database, or data that changed since, costs at most one attempt. The oldest key goes first.
 */
export class WriterQuotingStops {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity = 1_000) {}

  has(sql: string, params: readonly unknown[]): boolean {
    return this.keys.has(keyOf(sql, params));
  }

  add(sql: string, params: readonly unknown[]): void {
    const key = keyOf(sql, params);
    this.keys.delete(key);
    this.keys.add(key);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value as string);
  }
}

function keyOf(sql: string, params: readonly unknown[]): string {
  return hash(
    'sha256',
    JSON.stringify([sql, params], (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
    'hex',
  );
}
