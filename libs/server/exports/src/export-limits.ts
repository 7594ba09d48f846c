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
  columnCount: number;
}

/** The most rows an export writes, or undefined for all of them. */
export function exportRowLimit(input: ExportLimitInput): number | undefined {
  const requested = input.csvLimit === null ? undefined : (input.csvLimit ?? input.queryLimit);
  if (input.maxCells <= 0 || input.columnCount <= 0) return requested;
  const byCells = Math.max(1, Math.floor(input.maxCells / input.columnCount));
  return requested === undefined ? byCells : Math.min(requested, byCells);
}
