import type { PivotIndexRow } from './group-pivot-rows';

// Totals read every pivot combination, also those cut by the column limit, so that a total is
// never silently partial.

/** One line's values of a value column, across all pivot combinations (a row total). */
export function* lineValues(indexRow: PivotIndexRow, valueId: string): Generator<unknown> {
  for (const row of indexRow.cells.values()) yield row[valueId];
}

/** A value column's values at one pivot combination, down all lines (a column total). */
export function* combinationValues(indexRows: readonly PivotIndexRow[], combinationKey: string, valueId: string): Generator<unknown> {
  for (const indexRow of indexRows) yield indexRow.cells.get(combinationKey)?.[valueId];
}

/** Every value of a value column (the grand total, where row and column totals meet). */
export function* allValues(indexRows: readonly PivotIndexRow[], valueId: string): Generator<unknown> {
  for (const indexRow of indexRows) yield* lineValues(indexRow, valueId);
}
