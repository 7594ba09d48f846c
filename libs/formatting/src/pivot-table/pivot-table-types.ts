import type { ColumnHeaderOptions } from './column-header';
import type { ExportItemsMap, RawRow } from './export-item';

/** The legacy pivot of exports (E6 / E7 `pivotConfig`); the totals are our extension. */
export interface ExportPivotConfig {
  /** Dimensions whose values become columns, outermost first. */
  pivotDimensions: readonly string[];
  /** Metrics as rows (one line per index value × metric) instead of one column per pivot value × metric. */
  metricsAsRows?: boolean;
  /** Columns the table hides; despite the name, dimensions too. */
  hiddenMetricFieldIds?: readonly string[];
  /** The table's column order; when absent or empty, the export's `columnOrder` applies. */
  columnOrder?: readonly string[];
  /** Append, per metric, the sum across the pivot columns. */
  rowTotals?: boolean;
  /** Append the sum down the rows. */
  columnTotals?: boolean;
}

export interface PivotExportOptions extends ColumnHeaderOptions {
  /** Raw values instead of formatted ones, in the data and in the pivot headers. */
  onlyRaw: boolean;
  hiddenFields?: readonly string[];
  columnOrder: readonly string[];
}

export interface PivotTableInput {
  itemsMap: ExportItemsMap;
  dimensions: readonly string[];
  metrics: readonly string[];
  /** Table calculation names: they pivot like metrics. */
  tableCalculations: readonly string[];
  /** The query's raw rows, one per combination of its dimensions, in the query's sort. */
  rows: readonly RawRow[];
  pivotConfig: ExportPivotConfig;
  options: PivotExportOptions;
  /** Most data columns (pivot value columns; the row totals come on top). */
  maxColumns: number;
}

/** A pivoted table as plain cells, ready to be written as CSV or to a sheet. */
export interface PivotTable {
  headerRows: string[][];
  rows: string[][];
  /** Pivot columns were left out to stay within `maxColumns`. */
  truncatedColumns: boolean;
}
