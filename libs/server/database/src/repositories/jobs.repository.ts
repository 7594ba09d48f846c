import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { JobOwner } from '@quarry/jobs-contracts';
import type { Repository } from 'typeorm';

import { JobEntity } from '../entities/job.entity';

@Injectable()
export class JobsRepository {
  constructor(@InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>) {}

  async createScheduled(jobUuid: string, jobName: string, owner: JobOwner): Promise<void> {
    await this.jobs.insert({ jobUuid, jobName, status: 'scheduled', details: {}, ...owner });
  }

  findByUuid(jobUuid: string): Promise<JobEntity | null> {
    return this.jobs.findOneBy({ jobUuid });
  }

  async markStarted(jobUuid: string, attempt: number): Promise<void> {
    await this.jobs.update({ jobUuid }, { status: 'started', attempts: attempt, error: null });
  }

  async markCompleted(jobUuid: string, details: Record<string, unknown>): Promise<void> {
    await this.jobs.query(
      `UPDATE jobs SET status = 'completed', details = $2::jsonb, error = NULL, updated_at = now() WHERE job_uuid = $1`,
      [jobUuid, JSON.stringify(details)],
    );
  }

  /** Merges progress into a running job's details (e.g. rows written so far). */
  async mergeDetails(jobUuid: string, details: Record<string, unknown>): Promise<void> {
    await this.jobs.query(`UPDATE jobs SET details = details || $2::jsonb, updated_at = now() WHERE job_uuid = $1 AND status = 'started'`, [
      jobUuid,
      JSON.stringify(details),
    ]);
  }

  /** A failure that will be retried leaves the job scheduled; only the last attempt marks it failed. */
  async markFailed(jobUuid: string, error: string, final: boolean): Promise<void> {
    await this.jobs.update({ jobUuid }, { status: final ? 'error' : 'scheduled', error });
  }
}
