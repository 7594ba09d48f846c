import { WorkerHost } from '@nestjs/bullmq';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { QueueName } from '@quarry/jobs-contracts';
import type { AppConfig } from '@quarry/server/config';
import type { Job } from 'bullmq';

import { closeWithin } from './bounded-shutdown';
import type { JobRunner } from './job-runner';

/** One per queue: hands every job of its queue to the runner, which finds the job's handler. */
export abstract class QueueProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  abstract readonly queue: QueueName;

  protected constructor(
    private readonly runner: JobRunner,
    private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.worker.concurrency;
  }

  /** Before Nest's BullMQ module closes the worker (which would wait for every running job). */
  beforeApplicationShutdown(): Promise<void> {
    return closeWithin(this.worker);
  }

  process(job: Job): Promise<unknown> {
    return this.runner.run(job);
  }
}
