export * from './async-query.service';
export * from './query.module';
export * from './query.service';
export * from './query-core.module';
export * from './query-planner';
export * from './result-columns';
export * from './results-cache';
export * from './warehouse-reader';
