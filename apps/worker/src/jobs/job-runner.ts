import { Injectable, Logger } from '@nestjs/common';
import { isUuid } from '@quarry/server/common';
import { JobsRepository } from '@quarry/server/database';
import { type Job, UnrecoverableError } from 'bullmq';

import { isJobName, JobHandlerRegistry } from './job-handler-registry';
import { isPermanentJobError } from './permanent-errors';

/**
 * Runs a job through its handler and mirrors its status in the metadata DB. Jobs started by the
 * repeatable schedule have BullMQ's own ids and no status row; they are only logged.
 */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger(JobRunner.name);

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly jobs: JobsRepository,
  ) {}

  async run(job: Job): Promise<unknown> {
    const name = job.name;
    if (!isJobName(name)) throw new UnrecoverableError(`Unknown job name "${name}"`);
    const jobId = job.id ?? '';
    const tracked = isUuid(jobId);
    const attempt = job.attemptsMade + 1;
    if (tracked) await this.jobs.markStarted(jobId, attempt);
    const started = Date.now();
    try {
      const reportProgress = async (details: Record<string, unknown>): Promise<void> => {
        if (tracked) await this.jobs.mergeDetails(jobId, details);
      };
      const result = await this.registry.handlerFor(name).handle(job.data as never, { jobId, attempt, reportProgress });
      if (tracked) await this.jobs.markCompleted(jobId, { ...result });
      this.logger.log({ jobId, name, attempt, ms: Date.now() - started }, 'Job completed');
      return result;
    } catch (error) {
      const permanent = isPermanentJobError(error);
      const final = permanent || error instanceof UnrecoverableError || attempt >= (job.opts.attempts ?? 1);
      const message = (error as Error).message;
      if (tracked) await this.jobs.markFailed(jobId, message, final);
      this.logger.warn({ jobId, name, attempt, final, err: error }, 'Job failed');
      // BullMQ retries anything but an UnrecoverableError, after its backoff.
      throw permanent && !(error instanceof UnrecoverableError) ? new UnrecoverableError(message) : error;
    }
  }
}
