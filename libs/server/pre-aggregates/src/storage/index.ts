export * from './local-rollup-files';
export * from './local-rollup-store';
export * from './rollup-copies-sweeper';
export * from './rollup-housekeeping.service';
export * from './rollup-storage.module';
export * from './rollup-store';
export * from './s3-rollup-store';
