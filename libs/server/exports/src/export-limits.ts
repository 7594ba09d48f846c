/**
 * From this many rows, an export of ungrouped rows first finds its last row's sort key (on
 * warehouses whose dialect opts in: DuckDB), so the warehouse sorts about that many rows rather
 * than every row (below it DuckDB keeps a top-N heap, which the extra pass would not beat).
 */
export const EXPORT_SORT_CUTOFF_ROWS = 10_000;

export interface ExportLimitInput {
  /** Absent: the query's limit; null: every row; n: n rows. */
  csvLimit?: number | null;
  queryLimit: number;
  /** Most cells an export may hold; 0 means no cap. */
  maxCells: number;
  /** Most rows an export may hold, whatever csvLimit says (null included); 0 or absent means no cap. */
  maxRows?: number;
  columnCount: number;
}

/** The most rows an export writes, or undefined for all of them. */
export function exportRowLimit(input: ExportLimitInput): number | undefined {
  const requested = input.csvLimit === null ? undefined : (input.csvLimit ?? input.queryLimit);
  const byCells = input.maxCells > 0 && input.columnCount > 0 ? Math.max(1, Math.floor(input.maxCells / input.columnCount)) : undefined;
  const byRows = input.maxRows !== undefined && input.maxRows > 0 ? input.maxRows : undefined;
  const caps = [requested, byCells, byRows].filter((cap): cap is number => cap !== undefined);
  return caps.length === 0 ? undefined : Math.min(...caps);
}
