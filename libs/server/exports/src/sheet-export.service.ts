import { Inject, Injectable } from '@nestjs/common';
import type { ExportResult, UploadSheetPayload } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { UnrecoverableError } from 'bullmq';

import { ExportQuery } from './export-query';
import { type SheetsConfig, SheetsNotConfiguredError } from './sheets';
import { SHEETS_CONFIG } from './sheets-settings';
import { pivotTable, plainRecordBatches } from './table-records';
import { throttled } from './throttled';

/** Rows gathered per write: the writer splits them further to Google's request limits. */
const ROWS_PER_WRITE = 5_000;

/**
 * E7: a query's rows, formatted, into a new spreadsheet named after the explore, written in
 * batches as they stream from the warehouse. A service account shares the spreadsheet with the
 * user who asked; the spreadsheet's URL is the job's fileUrl.
 */
@Injectable()
export class SheetExportService {
  constructor(
    private readonly exportQuery: ExportQuery,
    private readonly config: AppConfig,
    @Inject(SHEETS_CONFIG) private readonly sheets: SheetsConfig,
  ) {}

  get configured(): boolean {
    return this.sheets !== undefined;
  }

  async export(payload: UploadSheetPayload, reportRows: (rows: number) => Promise<void>): Promise<ExportResult> {
    // No retry can fix a missing configuration.
    if (!this.sheets) throw new UnrecoverableError(new SheetsNotConfiguredError().message);
    // Google's SDK is loaded by the first sheet export, not by every worker and API process.
    const { createSheetsWriter } = await import('./sheets/sheets-writer');
    const writer = createSheetsWriter(this.sheets);
    const pivotConfig = payload.layout.pivotConfig;
    const opened = await this.exportQuery.open(payload, undefined, pivotConfig ? this.config.query.maxLimit : undefined);
    const onRows = throttled(reportRows, 1_000);
    try {
      const { spreadsheetId, spreadsheetUrl } = await writer.createSpreadsheet(
        `${payload.exploreId} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      );
      if (writer.shareWith) await writer.shareWith(spreadsheetId, opened.principal.email);
      let truncated = false;
      if (pivotConfig) {
        const table = await pivotTable(opened, { ...payload.layout, pivotConfig }, this.config.query.pivotMaxColumns);
        truncated = table.truncatedColumns || (await writer.appendRows(spreadsheetId, table.records)).truncated;
      } else {
        let batch: string[][] = [];
        reading: for await (const records of plainRecordBatches(opened, payload.layout, onRows)) {
          for (const record of records) {
            batch.push(record);
            if (batch.length >= ROWS_PER_WRITE) {
              truncated = (await writer.appendRows(spreadsheetId, batch)).truncated;
              batch = [];
              // The sheet is full: stop reading the warehouse.
              if (truncated) break reading;
            }
          }
        }
        if (!truncated && batch.length > 0) truncated = (await writer.appendRows(spreadsheetId, batch)).truncated;
      }
      await onRows.flush(opened.count.rows);
      return { fileUrl: spreadsheetUrl, truncated: truncated || opened.count.truncated, progress: { rowsWritten: opened.count.rows } };
    } finally {
      await opened.close();
    }
  }
}
