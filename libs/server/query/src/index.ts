export * from './query.module';
export * from './query.service';
export * from './results-cache';
