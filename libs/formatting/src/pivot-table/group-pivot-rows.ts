import type { RawRow } from './export-item';
import { valuesKey } from './values-key';

/** One combination of pivot dimension values: a group of data columns. */
export interface PivotCombination {
  key: string;
  /** The first row that has these pivot values (read for the header). */
  row: RawRow;
}

/** One line of the pivoted table: a combination of the non-pivot dimensions. */
export interface PivotIndexRow {
  /** The first row of this line (read for the index cells). */
  row: RawRow;
  /** This line's rows by pivot combination key; a combination it lacks is an empty cell. */
  cells: Map<string, RawRow>;
}

export interface GroupedPivotRows {
  /** In order of first appearance, which follows the query's sort. */
  combinations: PivotCombination[];
  /** In order of first appearance. */
  indexRows: PivotIndexRow[];
}

/**
 * Spreads unpivoted rows over lines (by their row key dimensions) and pivot combinations (by the
 * pivot dimensions). A query returns one row per combination of its dimensions, so a cell has at
 * most one row; should a result repeat one anyway, the first row, in the query's sort, is kept.
 */
export function groupPivotRows(rows: readonly RawRow[], rowKeyIds: readonly string[], pivotIds: readonly string[]): GroupedPivotRows {
  const combinations = new Map<string, PivotCombination>();
  const indexRows = new Map<string, PivotIndexRow>();
  for (const row of rows) {
    const combinationKey = valuesKey(row, pivotIds);
    if (!combinations.has(combinationKey)) combinations.set(combinationKey, { key: combinationKey, row });
    const rowKey = valuesKey(row, rowKeyIds);
    let indexRow = indexRows.get(rowKey);
    if (indexRow === undefined) {
      indexRow = { row, cells: new Map() };
      indexRows.set(rowKey, indexRow);
    }
    if (!indexRow.cells.has(combinationKey)) indexRow.cells.set(combinationKey, row);
  }
  return { combinations: [...combinations.values()], indexRows: [...indexRows.values()] };
}
