export type { SheetsCell } from './sheets-cells';
export * from './sheets-config';
export * from './sheets-errors';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './sheets-retry';
export * from './sheets-writer';
