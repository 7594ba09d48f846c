import type { JobName } from './job-names';

export interface PurgeExpiredPayload {
  /** What started the run: the repeatable schedule, or a person through the API. */
  trigger: 'schedule' | 'manual';
}

export interface PurgeExpiredResult {
  tokensPurged: number;
  filesPurged: number;
  bytesFreed: number;
}

export interface CompileProjectPayload {
  projectUuid: string;
}

export interface CompileProjectResult {
  projectUuid: string;
  exploreCount: number;
  /** Explores that compiled with errors (they are kept, with their `errors`). */
  exploresWithErrors: string[];
}

/** The payload every job carries, by job name. Producers and handlers are typed from it. */
export interface JobPayloadMap {
  [JobName.PurgeExpired]: PurgeExpiredPayload;
  [JobName.CompileProject]: CompileProjectPayload;
}

/** What each job's handler returns; it becomes the job's `details` in its status. */
export interface JobResultMap {
  [JobName.PurgeExpired]: PurgeExpiredResult;
  [JobName.CompileProject]: CompileProjectResult;
}

/** Who a job was started for; kept with its status so only they (or an admin) may read it. */
export interface JobOwner {
  createdByUserUuid: string | null;
  organizationUuid: string | null;
  projectUuid: string | null;
}

export type JobStatus = 'scheduled' | 'started' | 'completed' | 'error';
