import { dataCell, indexCells, indexHeaders, indexWidth, type PivotGrid, pivotValueCell, TOTAL_LABEL, totalLineTitle } from './pivot-grid';
import type { PivotTable } from './pivot-table-types';
import { allValues, combinationValues, lineValues } from './pivot-total-values';

/**
 * Metrics as rows: each index value takes one line per metric, the metric's name in a column
 * after the index columns; one data column per pivot combination. Header lines: one per pivot
 * dimension (its name above the metric names, then its values), the last one also naming the
 * index columns. Row totals: one column; column totals: one line per metric.
 */
export function metricsAsRowsLayout(grid: PivotGrid): Omit<PivotTable, 'truncatedColumns'> {
  const { plan, combinations, indexRows } = grid;
  const width = indexWidth(plan);
  const totalColumn = (cell: () => string): string[] => (grid.rowTotals ? [cell()] : []);

  // with no pivot dimension, one header line still names the index columns
  const headerLineCount = Math.max(plan.pivotColumns.length, 1);
  const headerRows: string[][] = [];
  for (let line = 0; line < headerLineCount; line += 1) {
    const pivot = line < plan.pivotColumns.length ? plan.pivotColumns[line] : undefined;
    const isLast = line === headerLineCount - 1;
    headerRows.push([
      ...(isLast ? indexHeaders(plan) : new Array<string>(width).fill('')),
      pivot?.header ?? '',
      ...combinations.map((combination) => (pivot === undefined ? '' : pivotValueCell(grid, combination, pivot.id))),
      ...totalColumn(() => TOTAL_LABEL),
    ]);
  }

  const rows = indexRows.flatMap((indexRow) => {
    const index = indexCells(grid, indexRow.row);
    return plan.valueColumns.map((value) => [
      ...index,
      value.header,
      ...combinations.map((combination) => dataCell(grid, indexRow, combination, value.id)),
      ...totalColumn(() => grid.totalCell(value.id)(lineValues(indexRow, value.id))),
    ]);
  });
  if (grid.columnTotals) {
    for (const value of plan.valueColumns) {
      rows.push([
        ...totalLineTitle(width),
        value.header,
        ...combinations.map((combination) => grid.totalCell(value.id)(combinationValues(indexRows, combination.key, value.id))),
        ...totalColumn(() => grid.totalCell(value.id)(allValues(indexRows, value.id))),
      ]);
    }
  }
  return { headerRows, rows };
}
