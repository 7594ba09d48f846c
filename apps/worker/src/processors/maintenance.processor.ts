import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';

import { JobRunner } from '../jobs/job-runner';
import { QueueProcessor } from '../jobs/queue-processor';

@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends QueueProcessor {
  readonly queue = QueueName.Maintenance;

  constructor(runner: JobRunner, config: AppConfig) {
    super(runner, config);
  }
}
