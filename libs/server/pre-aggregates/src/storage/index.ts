export * from './local-rollup-files';
export * from './local-rollup-store';
export * from './rollup-copies-sweeper';
export * from './rollup-housekeeping.service';
export * from './rollup-storage.module';
export * from './rollup-store';
// S3RollupStore is imported by RollupStorageModule only when S3 is configured: it loads the AWS SDK.
