import type { MetricQuery } from '@quarry/domain';

import type { JobName } from './job-names';

export interface PurgeExpiredPayload {
  /** What started the run: the repeatable schedule, or a person through the API. */
  trigger: 'schedule' | 'manual';
}

export interface PurgeExpiredResult {
  tokensPurged: number;
  /** v2 query records older than the query history retention. */
  queriesPurged: number;
  filesPurged: number;
  bytesFreed: number;
}

export interface CompileProjectPayload {
  projectUuid: string;
}

export interface CompileProjectResult {
  projectUuid: string;
  exploreCount: number;
  /** Explores that compiled with errors (they are kept, with their `errors`). */
  exploresWithErrors: string[];
  /** Pre-aggregates whose build the compile queued. */
  preAggregatesQueued?: string[];
}

/** How exported rows are laid out (E6 / E7 body fields). */
export interface ExportLayout {
  onlyRaw: boolean;
  showTableNames: boolean;
  columnOrder: string[];
  hiddenFields?: string[];
  customLabels?: Record<string, string>;
  /** Pivots the rows: pivot dimensions become columns. */
  pivotConfig?: {
    pivotDimensions: string[];
    metricsAsRows?: boolean;
    hiddenMetricFieldIds?: string[];
    columnOrder?: string[];
    rowTotals?: boolean;
    columnTotals?: boolean;
  };
}

/** An export of one metric query, run with the permissions of the user who asked for it. */
export interface ExportQueryPayload {
  userUuid: string;
  organizationUuid: string;
  projectUuid: string;
  exploreId: string;
  /** The MetricQuery (kept as sent; the compiler validates it again in the worker). */
  metricQuery: MetricQuery;
  parameters?: Record<string, unknown>;
  layout: ExportLayout;
}

export interface DownloadCsvPayload extends ExportQueryPayload {
  /** Absent: the query's limit; null: every row; n: n rows. */
  csvLimit?: number | null;
  chartName?: string;
}

export type UploadSheetPayload = ExportQueryPayload;

export interface ExportResult {
  fileUrl: string;
  /** True when a limit or cap cut rows (or columns of a pivot). */
  truncated: boolean;
  progress: { rowsWritten: number };
  fileName?: string;
}

interface RunSqlTarget {
  userUuid: string;
  organizationUuid: string;
  projectUuid: string;
}

/** An ad-hoc SQL query (the SQL runner), run as the developer who sent it. */
export interface RunAdHocSqlPayload extends RunSqlTarget {
  sql: string;
  /** The most rows written to the results file. */
  limit: number;
}

/**
 * A saved SQL chart, run as whoever may view it. It carries no SQL: the worker reads the chart's
 * latest saved SQL and limit when it runs, so nothing but what a developer saved can ever run.
 */
export interface RunSavedSqlPayload extends RunSqlTarget {
  savedSqlUuid: string;
}

export type RunSqlPayload = RunAdHocSqlPayload | RunSavedSqlPayload;

/** The reference's shape: `fileUrl` serves the rows as JSON lines, `columns` in the result's order. */
export interface RunSqlResult {
  fileUrl: string;
  columns: Array<{ reference: string; type: string }>;
  /** True when the query had more rows than `limit`. */
  truncated: boolean;
  progress: { rowsWritten: number };
}

/** What queued a pre-aggregate build. */
export type PreAggregateBuildTrigger = 'compile' | 'schedule' | 'manual';

/** Materializes one pre-aggregate of a project's last compile. */
export interface BuildPreAggregatePayload {
  projectUuid: string;
  /** The pre-aggregate's name (unique within the project). */
  name: string;
  trigger: PreAggregateBuildTrigger;
  /** The build row recorded when the job was queued; absent for scheduled (cron) runs, which record their own. */
  buildUuid?: string;
}

export interface BuildPreAggregateResult {
  projectUuid: string;
  name: string;
  buildUuid: string;
  rows: number;
  bytes: number;
  durationMs: number;
  /** False when the definition changed while it built: the build is kept but not served. */
  served: boolean;
}

/** The payload every job carries, by job name. Producers and handlers are typed from it. */
export interface JobPayloadMap {
  [JobName.PurgeExpired]: PurgeExpiredPayload;
  [JobName.CompileProject]: CompileProjectPayload;
  [JobName.DownloadCsv]: DownloadCsvPayload;
  [JobName.UploadSheet]: UploadSheetPayload;
  [JobName.BuildPreAggregate]: BuildPreAggregatePayload;
  [JobName.RunSql]: RunSqlPayload;
}

/** What each job's handler returns; it becomes the job's `details` in its status. */
export interface JobResultMap {
  [JobName.PurgeExpired]: PurgeExpiredResult;
  [JobName.CompileProject]: CompileProjectResult;
  [JobName.DownloadCsv]: ExportResult;
  [JobName.UploadSheet]: ExportResult;
  [JobName.BuildPreAggregate]: BuildPreAggregateResult;
  [JobName.RunSql]: RunSqlResult;
}

/** Who a job was started for; kept with its status so only they (or an admin) may read it. */
export interface JobOwner {
  createdByUserUuid: string | null;
  organizationUuid: string | null;
  projectUuid: string | null;
}

export type JobStatus = 'scheduled' | 'started' | 'completed' | 'error';
