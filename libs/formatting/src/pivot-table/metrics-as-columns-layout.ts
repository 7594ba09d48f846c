import type { ExportColumn } from './export-columns';
import type { PivotCombination } from './group-pivot-rows';
import {
  dataCell,
  indexCells,
  indexHeaders,
  indexWidth,
  labelAtEnd,
  type PivotGrid,
  pivotValueCell,
  TOTAL_LABEL,
  totalLineTitle,
} from './pivot-grid';
import type { PivotTable } from './pivot-table-types';
import { allValues, combinationValues, lineValues } from './pivot-total-values';

/**
 * One line per index value; one data column per pivot combination × metric. Header lines: one
 * per pivot dimension (its name at the end of the index columns, then its values), then the
 * index columns' names and the metric names. Row totals: one column per metric.
 */
export function metricsAsColumnsLayout(grid: PivotGrid): Omit<PivotTable, 'truncatedColumns'> {
  const { plan, combinations, indexRows } = grid;
  const values = plan.valueColumns;
  const width = indexWidth(plan);
  const dataColumns = (cell: (combination: PivotCombination, value: ExportColumn) => string): string[] =>
    combinations.flatMap((combination) => values.map((value) => cell(combination, value)));
  const totalColumns = (cell: (value: ExportColumn) => string): string[] => (grid.rowTotals ? values.map(cell) : []);

  const headerRows = plan.pivotColumns.map((pivot) => [
    ...labelAtEnd(width, pivot.header),
    ...dataColumns((combination) => pivotValueCell(grid, combination, pivot.id)),
    ...totalColumns(() => TOTAL_LABEL),
  ]);
  headerRows.push([...indexHeaders(plan), ...dataColumns((_, value) => value.header), ...totalColumns((value) => value.header)]);

  const rows = indexRows.map((indexRow) => [
    ...indexCells(grid, indexRow.row),
    ...dataColumns((combination, value) => dataCell(grid, indexRow, combination, value.id)),
    ...totalColumns((value) => grid.totalCell(value.id)(lineValues(indexRow, value.id))),
  ]);
  if (grid.columnTotals) {
    rows.push([
      ...totalLineTitle(width),
      ...dataColumns((combination, value) => grid.totalCell(value.id)(combinationValues(indexRows, combination.key, value.id))),
      ...totalColumns((value) => grid.totalCell(value.id)(allValues(indexRows, value.id))),
    ]);
  }
  return { headerRows, rows };
}
