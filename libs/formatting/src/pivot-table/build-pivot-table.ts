import type { ValueFormatter } from '../item/formattable-item';
import { createCellText } from './cell-text';
import { itemOf } from './export-item';
import { groupPivotRows } from './group-pivot-rows';
import { metricsAsColumnsLayout } from './metrics-as-columns-layout';
import { metricsAsRowsLayout } from './metrics-as-rows-layout';
import type { PivotGrid } from './pivot-grid';
import { planPivot } from './pivot-plan';
import type { PivotTable, PivotTableInput } from './pivot-table-types';
import { createTotalCell, type TotalCell } from './total-cell';

/**
 * How many pivot combinations fit in `maxColumns` data columns. Combinations are cut whole, so
 * that every one kept shows all its metrics.
 */
function combinationsWithinLimit(combinationCount: number, columnsPerCombination: number, maxColumns: number): number {
  // without value columns there are no data columns to limit
  if (columnsPerCombination === 0) return combinationCount;
  return Math.min(combinationCount, Math.max(0, Math.floor(maxColumns / columnsPerCombination)));
}

/** Compiles each column's formatter once, when a layout first asks for it. */
function memoized<T>(create: (id: string) => T): (id: string) => T {
  const compiled = new Map<string, T>();
  return (id) => {
    let value = compiled.get(id);
    if (value === undefined) {
      value = create(id);
      compiled.set(id, value);
    }
    return value;
  };
}

/**
 * The pivoted table of a CSV or Sheets export (E6 / E7 with `pivotConfig`), from the query's
 * unpivoted raw rows: index columns for the non-pivot dimensions, a data column per pivot
 * combination × metric (or a line per metric, `metricsAsRows`), optional totals, and at most
 * `maxColumns` data columns.
 */
export function buildPivotTable(input: PivotTableInput): PivotTable {
  const { itemsMap, pivotConfig, options } = input;
  const plan = planPivot(input);
  const grouped = groupPivotRows(
    input.rows,
    plan.rowKeyIds,
    plan.pivotColumns.map((column) => column.id),
  );
  const metricsAsRows = pivotConfig.metricsAsRows === true;
  const kept = combinationsWithinLimit(grouped.combinations.length, metricsAsRows ? 1 : plan.valueColumns.length, input.maxColumns);
  const grid: PivotGrid = {
    plan,
    indexRows: grouped.indexRows,
    combinations: grouped.combinations.slice(0, kept),
    cellText: memoized<ValueFormatter>((id) => createCellText(itemOf(itemsMap, id), options.onlyRaw)),
    totalCell: memoized<TotalCell>((id) => createTotalCell(itemOf(itemsMap, id), options.onlyRaw)),
    rowTotals: pivotConfig.rowTotals === true,
    columnTotals: pivotConfig.columnTotals === true,
  };
  const table = metricsAsRows ? metricsAsRowsLayout(grid) : metricsAsColumnsLayout(grid);
  return { ...table, truncatedColumns: kept < grouped.combinations.length };
}
