export type { SheetsCell } from './sheets-cells';
export * from './sheets-config';
export * from './sheets-errors';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './sheets-retry';
// Types only: the writer loads Google's SDK (≈ 4.5 MB of a process's memory), imported when a sheet export runs.
export type { AppendResult, CreatedSpreadsheet, SheetsWriter, SheetsWriterOptions } from './sheets-writer';
