import { JobName } from './job-names';

/** Options BullMQ applies to a job; kept here so every producer schedules a job the same way. */
export interface JobRunOptions {
  attempts: number;
  backoff: { type: 'exponential'; delay: number };
  removeOnComplete: { age: number; count: number };
  removeOnFail: { age: number; count: number };
}

const DAY_SECONDS = 24 * 60 * 60;

export function jobRunOptions(name: JobName): JobRunOptions {
  switch (name) {
    case JobName.PurgeExpired:
      return {
        attempts: 3,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { age: DAY_SECONDS, count: 100 },
        removeOnFail: { age: 7 * DAY_SECONDS, count: 100 },
      };
    case JobName.CompileProject:
      // Compiles fail for reasons a retry rarely fixes (bad YAML, bad credentials): one retry
      // covers a transient warehouse hiccup without hiding real errors for minutes.
      return {
        attempts: 2,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: { age: DAY_SECONDS, count: 1_000 },
        removeOnFail: { age: 7 * DAY_SECONDS, count: 1_000 },
      };
    case JobName.DownloadCsv:
    case JobName.UploadSheet:
    case JobName.RunSql:
      // Exports retry transient warehouse, Redis or Sheets failures; each attempt starts over
      // and replaces what an interrupted attempt left, so a retry never yields two files.
      return {
        attempts: 3,
        backoff: { type: 'exponential', delay: 3_000 },
        removeOnComplete: { age: DAY_SECONDS, count: 1_000 },
        removeOnFail: { age: 7 * DAY_SECONDS, count: 1_000 },
      };
    case JobName.BuildPreAggregate:
      // A build that fails keeps the previous rollup served; one retry covers a warehouse hiccup,
      // SQL errors fail at once (permanent) and are reported in the pre-aggregate's status.
      return {
        attempts: 2,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { age: DAY_SECONDS, count: 1_000 },
        removeOnFail: { age: 7 * DAY_SECONDS, count: 1_000 },
      };
  }
}
