import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';

import { JobRunner } from '../jobs/job-runner';
import { QueueProcessor } from '../jobs/queue-processor';

/** Rollup builds: their own queue, so a long build never holds up compiles or exports. */
@Processor(QueueName.PreAggregates)
export class PreAggregatesProcessor extends QueueProcessor {
  readonly queue = QueueName.PreAggregates;

  constructor(runner: JobRunner, config: AppConfig) {
    super(runner, config);
  }
}
