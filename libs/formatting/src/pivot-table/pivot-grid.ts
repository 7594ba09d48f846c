import type { ValueFormatter } from '../item/formattable-item';
import type { RawRow } from './export-item';
import type { PivotCombination, PivotIndexRow } from './group-pivot-rows';
import type { PivotPlan } from './pivot-plan';
import type { TotalCell } from './total-cell';

/** Everything a layout needs to write the pivoted table's cells. */
export interface PivotGrid {
  plan: PivotPlan;
  indexRows: readonly PivotIndexRow[];
  /** The combinations kept within the column limit. */
  combinations: readonly PivotCombination[];
  /** Cell text of any planned column, compiled once per column. */
  cellText: (id: string) => ValueFormatter;
  totalCell: (id: string) => TotalCell;
  rowTotals: boolean;
  columnTotals: boolean;
}

/** The header above row totals, and the title of the column totals line. */
export const TOTAL_LABEL = 'Total';

/**
 * Index columns lead every line. With no index dimension one blank column stands in, so that the
 * pivot dimensions' names and the totals line still have a cell of their own.
 */
export function indexWidth(plan: PivotPlan): number {
  return Math.max(plan.indexColumns.length, 1);
}

export function indexHeaders(plan: PivotPlan): string[] {
  return plan.indexColumns.length === 0 ? [''] : plan.indexColumns.map((column) => column.header);
}

export function indexCells(grid: PivotGrid, row: RawRow): string[] {
  const { indexColumns } = grid.plan;
  return indexColumns.length === 0 ? [''] : indexColumns.map((column) => grid.cellText(column.id)(row[column.id]));
}

/** Blank cells with a label in the last one: a pivot dimension's name, next to its values. */
export function labelAtEnd(width: number, label: string): string[] {
  const cells = new Array<string>(width).fill('');
  cells[width - 1] = label;
  return cells;
}

/** The index cells of a column totals line. */
export function totalLineTitle(width: number): string[] {
  const cells = new Array<string>(width).fill('');
  cells[0] = TOTAL_LABEL;
  return cells;
}

/** A pivot dimension's value, as its header cell shows it. */
export function pivotValueCell(grid: PivotGrid, combination: PivotCombination, pivotId: string): string {
  return grid.cellText(pivotId)(combination.row[pivotId]);
}

/** A data cell; a combination the line lacks is empty. */
export function dataCell(grid: PivotGrid, indexRow: PivotIndexRow, combination: PivotCombination, valueId: string): string {
  const row = indexRow.cells.get(combination.key);
  return row === undefined ? '' : grid.cellText(valueId)(row[valueId]);
}
