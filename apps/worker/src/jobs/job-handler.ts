import type { JobName, JobPayloadMap, JobResultMap } from '@quarry/jobs-contracts';

export interface JobContext {
  jobId: string;
  attempt: number;
}

/** A job's one piece of work: thin, it calls a library service. */
export interface JobHandler<N extends JobName> {
  handle(payload: JobPayloadMap[N], context: JobContext): Promise<JobResultMap[N]>;
}
