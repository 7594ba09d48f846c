export * from './csv-export.service';
export * from './export-file-name';
export * from './export-files';
export * from './export-limits';
export * from './export-requests.service';
export * from './export-storage.module';
export * from './export-store';
export * from './exports.module';
// Types only: the store itself is imported when S3 is configured (ExportStorageModule), as it loads the AWS SDK.
export type { S3ExportStore, S3ExportStoreOptions, S3PurgeOutcome } from './s3-export-store';
export * from './sheet-export.service';
export * from './sheets';
export * from './sql-runner/sql-runner-files';
export * from './sql-runner/sql-runner-job.service';
export * from './sql-runner/sql-runner-requests.service';
