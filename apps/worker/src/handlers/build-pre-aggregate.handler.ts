import { Injectable } from '@nestjs/common';
import { type BuildPreAggregatePayload, type BuildPreAggregateResult, JobName } from '@quarry/jobs-contracts';
import { RollupBuilderService } from '@quarry/server/pre-aggregates';

import { HandlesJob } from '../jobs/handles-job.decorator';
import type { JobContext, JobHandler } from '../jobs/job-handler';

@Injectable()
@HandlesJob(JobName.BuildPreAggregate)
export class BuildPreAggregateHandler implements JobHandler<JobName.BuildPreAggregate> {
  constructor(private readonly builder: RollupBuilderService) {}

  handle(payload: BuildPreAggregatePayload, context: JobContext): Promise<BuildPreAggregateResult> {
    return this.builder.build(payload, context.jobId);
  }
}
