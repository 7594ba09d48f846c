import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';

import { JobRunner } from '../jobs/job-runner';
import { QueueProcessor } from '../jobs/queue-processor';

@Processor(QueueName.Projects)
export class ProjectsProcessor extends QueueProcessor {
  readonly queue = QueueName.Projects;

  constructor(runner: JobRunner, config: AppConfig) {
    super(runner, config);
  }
}
