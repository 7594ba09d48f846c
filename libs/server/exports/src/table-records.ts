import { buildPivotTable, createExportCellFormatter, type ExportColumn, exportColumns } from '@quarry/formatting';
import type { ExportLayout } from '@quarry/jobs-contracts';
import type { ResultRow } from '@quarry/warehouses';

import type { OpenedExport } from './export-query';

/** Called as rows are written; throttled by the caller. */
export type RowsWritten = (rows: number) => void;

/** The columns of a plain export: which result columns, in which order, under which headers. */
export function plainExportColumns(opened: Pick<OpenedExport, 'fields' | 'query'>, layout: ExportLayout): ExportColumn[] {
  return exportColumns(opened.fields, {
    dimensions: opened.query.dimensions,
    metrics: opened.query.metrics,
    tableCalculations: (opened.query.tableCalculations ?? []).map((calculation) => calculation.name),
    columnOrder: layout.columnOrder,
    hiddenFields: layout.hiddenFields ?? [],
    customLabels: layout.customLabels ?? {},
    showTableNames: layout.showTableNames,
  });
}

/** Header, then the rows' records formatted as the layout asks — streamed, one batch at a time. */
export async function* plainRecordBatches(opened: OpenedExport, layout: ExportLayout, onRows: RowsWritten): AsyncGenerator<string[][]> {
  const columns = plainExportColumns(opened, layout);
  yield [columns.map((column) => column.header)];
  const cells = createExportCellFormatter(opened.fields, columns, layout.onlyRaw);
  let written = 0;
  for await (const batch of opened.batches) {
    yield batch.map(cells);
    written += batch.length;
    onRows(written);
  }
}

/**
 * A pivoted table needs every row before its first line (the header lists every pivot column),
 * so its rows are gathered first; the caller bounds how many there can be.
 */
export async function pivotTable(
  opened: OpenedExport,
  layout: ExportLayout & { pivotConfig: NonNullable<ExportLayout['pivotConfig']> },
  maxColumns: number,
): Promise<{ records: string[][]; truncatedColumns: boolean }> {
  const rows: ResultRow[] = [];
  for await (const batch of opened.batches) rows.push(...batch);
  const table = buildPivotTable({
    itemsMap: opened.fields,
    dimensions: opened.query.dimensions,
    metrics: opened.query.metrics,
    tableCalculations: (opened.query.tableCalculations ?? []).map((calculation) => calculation.name),
    rows,
    pivotConfig: layout.pivotConfig,
    options: {
      customLabels: layout.customLabels ?? {},
      showTableNames: layout.showTableNames,
      onlyRaw: layout.onlyRaw,
      hiddenFields: layout.hiddenFields ?? [],
      columnOrder: layout.columnOrder,
    },
    maxColumns,
  });
  return { records: [...table.headerRows, ...table.rows], truncatedColumns: table.truncatedColumns };
}
