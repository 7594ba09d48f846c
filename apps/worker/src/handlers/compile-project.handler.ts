import { Injectable } from '@nestjs/common';
import { type CompileProjectPayload, type CompileProjectResult, JobName } from '@quarry/jobs-contracts';
import { PreAggregateJobs } from '@quarry/server/pre-aggregates';
import { ProjectCompilerService } from '@quarry/server/projects';

import { HandlesJob } from '../jobs/handles-job.decorator';
import type { JobHandler } from '../jobs/job-handler';

@Injectable()
@HandlesJob(JobName.CompileProject)
export class CompileProjectHandler implements JobHandler<JobName.CompileProject> {
  constructor(
    private readonly compiler: ProjectCompilerService,
    private readonly preAggregates: PreAggregateJobs,
  ) {}

  /** A successful compile queues a build of each pre-aggregate it declares (and keeps their schedules). */
  async handle(payload: CompileProjectPayload): Promise<CompileProjectResult> {
    const result = await this.compiler.compile(payload.projectUuid);
    const { queued } = await this.preAggregates.afterCompile(payload.projectUuid);
    return { ...result, preAggregatesQueued: queued };
  }
}
