export * from './job-producer';
export * from './queue.module';
export * from './redis-connection';
export * from './redis-health';
