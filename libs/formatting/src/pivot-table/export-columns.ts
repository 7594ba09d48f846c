import { columnHeader, type ColumnHeaderOptions } from './column-header';
import { orderByColumnOrder, visibleIds } from './column-order';
import type { ExportItemsMap } from './export-item';

/** One column of an export: the result column it reads and the header it writes. */
export interface ExportColumn {
  id: string;
  header: string;
}

export interface ExportColumnsOptions extends ColumnHeaderOptions {
  dimensions: readonly string[];
  metrics: readonly string[];
  /** Table calculation names (their column aliases). */
  tableCalculations: readonly string[];
  columnOrder: readonly string[];
  hiddenFields?: readonly string[];
}

/**
 * The columns of a plain (not pivoted) export, E6: metrics, dimensions and table calculations,
 * hidden ones left out, in the user's column order, each with its header.
 */
export function exportColumns(itemsMap: ExportItemsMap, options: ExportColumnsOptions): ExportColumn[] {
  const ids = visibleIds([...options.metrics, ...options.dimensions, ...options.tableCalculations], new Set(options.hiddenFields ?? []));
  return orderByColumnOrder(ids, options.columnOrder).map((id) => ({ id, header: columnHeader(itemsMap, id, options) }));
}
