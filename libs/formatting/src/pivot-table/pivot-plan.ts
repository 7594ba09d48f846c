import { columnHeader } from './column-header';
import { orderByColumnOrder, visibleIds } from './column-order';
import type { ExportColumn } from './export-columns';
import type { PivotTableInput } from './pivot-table-types';

/** Which query columns play which part in a pivoted export. */
export interface PivotPlan {
  /**
   * Every non-pivot dimension, hidden ones included: they tell rows apart. Merging the rows a
   * hidden dimension separates would need re-aggregating metrics, which an export cannot do.
   */
  rowKeyIds: string[];
  /** Non-pivot dimensions shown, in column order. */
  indexColumns: ExportColumn[];
  /** Pivot dimensions, outermost first. */
  pivotColumns: ExportColumn[];
  /** Metrics and table calculations shown, in column order. */
  valueColumns: ExportColumn[];
}

export function planPivot(
  input: Pick<PivotTableInput, 'itemsMap' | 'dimensions' | 'metrics' | 'tableCalculations' | 'pivotConfig' | 'options'>,
): PivotPlan {
  const { itemsMap, pivotConfig, options } = input;
  const column = (id: string): ExportColumn => ({ id, header: columnHeader(itemsMap, id, options) });
  const hidden = new Set([...(options.hiddenFields ?? []), ...(pivotConfig.hiddenMetricFieldIds ?? [])]);
  const columnOrder = pivotConfig.columnOrder?.length ? pivotConfig.columnOrder : options.columnOrder;

  const queryDimensions = new Set(input.dimensions);
  // a saved pivot may name a dimension since removed from the query: it has no values to spread
  const pivotIds = visibleIds(pivotConfig.pivotDimensions, new Set()).filter((id) => queryDimensions.has(id));
  const pivotIdSet = new Set(pivotIds);
  const rowKeyIds = visibleIds(input.dimensions, pivotIdSet);
  const indexIds = visibleIds(rowKeyIds, hidden);
  const valueIds = visibleIds([...input.metrics, ...input.tableCalculations], hidden);

  return {
    rowKeyIds,
    indexColumns: orderByColumnOrder(indexIds, columnOrder).map(column),
    pivotColumns: pivotIds.map(column),
    valueColumns: orderByColumnOrder(valueIds, columnOrder).map(column),
  };
}
