import { randomUUID } from 'node:crypto';

import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ServiceUnavailableError } from '@quarry/domain';
import { JOB_QUEUE, type JobName, type JobOwner, type JobPayloadMap, jobRunOptions } from '@quarry/jobs-contracts';
import { JobsRepository } from '@quarry/server/database';
import type { Queue } from 'bullmq';

/** The one way to start a job: recorded in the metadata DB first, then queued under the same id. */
@Injectable()
export class JobProducer {
  private readonly logger = new Logger(JobProducer.name);

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly jobs: JobsRepository,
  ) {}

  async enqueue<N extends JobName>(name: N, payload: JobPayloadMap[N], owner: JobOwner): Promise<string> {
    const jobUuid = randomUUID();
    await this.jobs.createScheduled(jobUuid, name, owner);
    const queue = this.moduleRef.get<Queue>(getQueueToken(JOB_QUEUE[name]), { strict: false });
    try {
      await queue.add(name, payload, { jobId: jobUuid, ...jobRunOptions(name) });
    } catch (error) {
      this.logger.warn({ jobUuid, name, err: error }, 'Could not queue a job');
      await this.jobs.markFailed(jobUuid, 'The job queue was unavailable when the job was submitted', true);
      throw new ServiceUnavailableError('The job queue (Redis) is unavailable; try again in a moment', { jobName: name });
    }
    return jobUuid;
  }
}
