import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';

import { JobRunner } from '../jobs/job-runner';
import { QueueProcessor } from '../jobs/queue-processor';

/**
 * A short lock: when a worker dies mid-export, another (or the restarted one) takes the job over
 * within seconds rather than half a minute. The lock is renewed every half period while alive.
 */
@Processor(QueueName.Exports, { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 2 })
export class ExportsProcessor extends QueueProcessor {
  readonly queue = QueueName.Exports;

  constructor(runner: JobRunner, config: AppConfig) {
    super(runner, config);
  }
}
