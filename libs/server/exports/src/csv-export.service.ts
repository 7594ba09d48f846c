import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { Injectable } from '@nestjs/common';
import type { DownloadCsvPayload, ExportLayout, ExportResult } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { stringify } from 'csv-stringify';

import { csvFileName } from './export-file-name';
import { ExportFiles } from './export-files';
import { ExportQuery } from './export-query';
import { pivotTable, plainRecords } from './table-records';
import { throttled } from './throttled';

/**
 * E6: streams a query's rows from the warehouse through formatting and csv-stringify into a file —
 * memory stays flat whatever the size. The file appears only once complete.
 */
@Injectable()
export class CsvExportService {
  constructor(
    private readonly exportQuery: ExportQuery,
    private readonly files: ExportFiles,
    private readonly config: AppConfig,
  ) {}

  async export(payload: DownloadCsvPayload, jobId: string, reportRows: (rows: number) => Promise<void>): Promise<ExportResult> {
    const pivotConfig = payload.layout.pivotConfig;
    // A pivot is built in memory: at most QUERY_MAX_LIMIT rows go into one.
    const opened = await this.exportQuery.open(payload, payload.csvLimit, pivotConfig ? this.config.query.maxLimit : undefined);
    const file = await this.files.begin(jobId);
    const onRows = throttled(reportRows, 1_000);
    let truncatedColumns = false;
    try {
      let records: AsyncIterable<string[]> | Iterable<string[]>;
      if (pivotConfig) {
        const table = await pivotTable(opened, { ...payload.layout, pivotConfig }, this.config.query.pivotMaxColumns);
        truncatedColumns = table.truncatedColumns;
        records = table.records;
      } else {
        records = plainRecords(opened, payload.layout as ExportLayout, onRows);
      }
      await pipeline(Readable.from(records), stringify({ bom: true }), file.stream);
      await onRows.flush(opened.count.rows);
      const truncated = opened.count.truncated || truncatedColumns;
      const fileName = csvFileName(payload.chartName ?? payload.exploreId, truncated, new Date());
      await file.commit(fileName);
      return {
        fileUrl: `${this.config.server.siteUrl}/api/v1/projects/${payload.projectUuid}/csv/${jobId}`,
        truncated,
        progress: { rowsWritten: opened.count.rows },
        fileName,
      };
    } catch (error) {
      await file.discard();
      throw error;
    } finally {
      await opened.close();
    }
  }
}
