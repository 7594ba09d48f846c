import { Injectable } from '@nestjs/common';
import { type CompileProjectPayload, type CompileProjectResult, JobName } from '@quarry/jobs-contracts';
import { ProjectCompilerService } from '@quarry/server/projects';

import { HandlesJob } from '../jobs/handles-job.decorator';
import type { JobHandler } from '../jobs/job-handler';

@Injectable()
@HandlesJob(JobName.CompileProject)
export class CompileProjectHandler implements JobHandler<JobName.CompileProject> {
  constructor(private readonly compiler: ProjectCompilerService) {}

  handle(payload: CompileProjectPayload): Promise<CompileProjectResult> {
    return this.compiler.compile(payload.projectUuid);
  }
}
