/**
 * Queue names are persisted in Redis keys: NEVER rename one, or jobs waiting in the old queue
 * are silently orphaned. Add a new queue instead.
 */
export enum QueueName {
  Maintenance = 'maintenance',
  Projects = 'projects',
  Exports = 'exports',
  PreAggregates = 'pre-aggregates',
}

/** Job names are persisted with every job (Redis and the `jobs` table): never rename either. */
export enum JobName {
  PurgeExpired = 'maintenance.purge-expired',
  CompileProject = 'projects.compile',
  DownloadCsv = 'exports.download-csv',
  UploadSheet = 'exports.upload-sheet',
  BuildPreAggregate = 'pre-aggregates.build',
  RunSql = 'sql-runner.run',
}

/** The queue each job runs on. Exhaustive by type: a new JobName does not compile without one. */
export const JOB_QUEUE: { readonly [N in JobName]: QueueName } = {
  [JobName.PurgeExpired]: QueueName.Maintenance,
  [JobName.CompileProject]: QueueName.Projects,
  [JobName.DownloadCsv]: QueueName.Exports,
  [JobName.UploadSheet]: QueueName.Exports,
  [JobName.BuildPreAggregate]: QueueName.PreAggregates,
  // Ad-hoc SQL is an extract like an export: the same workers, the same streaming to a file.
  [JobName.RunSql]: QueueName.Exports,
};

export const ALL_JOB_NAMES: readonly JobName[] = Object.values(JobName);
export const ALL_QUEUE_NAMES: readonly QueueName[] = Object.values(QueueName);
