import { Injectable } from '@nestjs/common';
import { NotFoundError, type Principal } from '@quarry/domain';
import type { JobStatus } from '@quarry/jobs-contracts';
import { PolicyService } from '@quarry/server/auth';
import { JobsRepository } from '@quarry/server/database';

export interface JobStatusView {
  jobUuid: string;
  jobName: string;
  status: JobStatus;
  details: Record<string, unknown> & {
    error?: string;
    createdByUserUuid: string | null;
    projectUuid: string | null;
    organizationUuid: string | null;
  };
  createdAt: Date;
  updatedAt: Date;
}

@Injectable()
export class JobStatusService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly policy: PolicyService,
  ) {}

  /**
   * Only the job's creator, or an admin of its organization, may read it. Anyone else gets the
   * same 404 as for a job that does not exist, so job ids cannot be probed.
   */
  async get(principal: Principal, jobUuid: string): Promise<JobStatusView> {
    const job = await this.jobs.findByUuid(jobUuid);
    const visible =
      job !== null &&
      (job.createdByUserUuid === principal.userUuid ||
        (job.organizationUuid === principal.organizationUuid && this.policy.can(principal, 'jobs:view-all')));
    if (!job || !visible) throw new NotFoundError('Job not found', { jobId: jobUuid });
    return {
      jobUuid: job.jobUuid,
      jobName: job.jobName,
      status: job.status,
      details: {
        // Exports report rows written as they go; before the first report, none.
        ...(job.jobName.startsWith('exports.') ? { progress: { rowsWritten: 0 } } : {}),
        ...job.details,
        ...(job.error ? { error: job.error } : {}),
        createdByUserUuid: job.createdByUserUuid,
        projectUuid: job.projectUuid,
        organizationUuid: job.organizationUuid,
      },
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
    };
  }
}
