export * from './job-names';
export * from './job-options';
export * from './job-payloads';
