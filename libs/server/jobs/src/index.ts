export * from './job-status.service';
export * from './jobs.module';
