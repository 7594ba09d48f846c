import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { Injectable } from '@nestjs/common';
import type { DownloadCsvPayload, ExportLayout, ExportResult } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { isNativeCsvFallback } from '@quarry/warehouses';

import { type CsvByteCap, csvText } from './csv-text';
import { csvFileName } from './export-file-name';
import { ExportQuery, type OpenedExport } from './export-query';
import { type ExportAttempt, type ExportFileTarget, ExportStore } from './export-store';
import { writeNativeCsv, type WrittenCsv } from './native-csv-export';
import { pivotTable, plainRecordBatches } from './table-records';
import { throttled } from './throttled';

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * E6: a query's rows into a CSV file. Where the warehouse has a CSV writer and every cell compiles
 * to SQL, the warehouse writes the file (DuckDB: COPY TO a staged file; PostgreSQL: COPY TO STDOUT
 * into the store) and no row passes through the worker; otherwise rows stream from the warehouse
 * through formatting and a CSV writer — memory stays flat whatever the size. The file appears only once complete, in DATA_DIR or S3
 * (whichever ExportStore the module chose); fileUrl is the store's download URL.
 */
@Injectable()
export class CsvExportService {
  constructor(
    private readonly exportQuery: ExportQuery,
    private readonly store: ExportStore,
    private readonly config: AppConfig,
  ) {}

  async export(payload: DownloadCsvPayload, jobId: string, reportRows: (rows: number) => Promise<void>): Promise<ExportResult> {
    const pivotConfig = payload.layout.pivotConfig;
    // A pivot is built in memory: at most QUERY_MAX_LIMIT rows go into one.
    const opened = await this.exportQuery.open(payload, payload.csvLimit, pivotConfig ? this.config.query.maxLimit : undefined);
    try {
      const target = { jobId, projectUuid: payload.projectUuid, contentType: CSV_CONTENT_TYPE };
      const native = pivotConfig ? undefined : await this.writeNative(opened, payload.layout as ExportLayout, target);
      if (!native) return await this.exportInJs(payload, opened, target, reportRows);
      await reportRows(native.rows);
      return await this.finish(payload, native, native.truncated, native.rows);
    } finally {
      await opened.close();
    }
  }

  /** The warehouse's own CSV, or undefined when the JS path must write it (also when a value turns out to need it). */
  private async writeNative(opened: OpenedExport, layout: ExportLayout, target: ExportFileTarget): Promise<WrittenCsv | undefined> {
    try {
      return await writeNativeCsv(opened, layout, this.store, target);
    } catch (error) {
      if (isNativeCsvFallback(error)) return undefined;
      throw error;
    }
  }

  /** Commits a written file under the name that says whether rows were cut; discards it if that fails. */
  private async finish(
    payload: DownloadCsvPayload,
    file: Pick<ExportAttempt, 'commit' | 'discard'>,
    truncated: boolean,
    rows: number,
  ): Promise<ExportResult> {
    try {
      const fileName = csvFileName(payload.chartName ?? payload.exploreId, truncated, new Date());
      const { fileUrl } = await file.commit(fileName);
      return { fileUrl, truncated, progress: { rowsWritten: rows }, fileName };
    } catch (error) {
      await file.discard();
      throw error;
    }
  }

  /** Rows through JS: formatted by @quarry/formatting, written by Papa Parse (pivots, other warehouses, formats SQL cannot write). */
  private async exportInJs(
    payload: DownloadCsvPayload,
    opened: OpenedExport,
    target: ExportFileTarget,
    reportRows: (rows: number) => Promise<void>,
  ): Promise<ExportResult> {
    const pivotConfig = payload.layout.pivotConfig;
    const onRows = throttled(reportRows, 1_000);
    let truncatedColumns = false;
    let file: ExportAttempt | undefined;
    const cap: CsvByteCap | undefined = opened.maxBytes === undefined ? undefined : { maxBytes: opened.maxBytes, records: 0, cut: false };
    try {
      file = await this.store.begin(target);
      let records: AsyncIterable<string[][]> | Iterable<string[][]>;
      if (pivotConfig) {
        const table = await pivotTable(opened, { ...payload.layout, pivotConfig }, this.config.query.pivotMaxColumns);
        truncatedColumns = table.truncatedColumns;
        records = [table.records];
      } else {
        records = plainRecordBatches(opened, payload.layout as ExportLayout, onRows);
      }
      await pipeline(Readable.from(csvText(records, cap)), file.stream);
    } catch (error) {
      await file?.discard();
      throw error;
    }
    // Cut at EXPORT_MAX_BYTES: a plain export's rows are its records but the header.
    const rows = cap?.cut && !pivotConfig ? Math.max(0, cap.records - 1) : opened.count.rows;
    await onRows.flush(rows);
    return this.finish(payload, file, opened.count.truncated || truncatedColumns || cap?.cut === true, rows);
  }
}
