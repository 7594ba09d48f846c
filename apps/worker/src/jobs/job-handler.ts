import type { JobName, JobPayloadMap, JobResultMap } from '@quarry/jobs-contracts';

export interface JobContext {
  jobId: string;
  attempt: number;
  /** Merges progress into the job's status details, for whoever polls it. */
  reportProgress: (details: Record<string, unknown>) => Promise<void>;
}

/** A job's one piece of work: thin, it calls a library service. */
export interface JobHandler<N extends JobName> {
  handle(payload: JobPayloadMap[N], context: JobContext): Promise<JobResultMap[N]>;
}
