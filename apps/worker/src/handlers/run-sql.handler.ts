import { Injectable } from '@nestjs/common';
import { JobName, type RunSqlPayload, type RunSqlResult } from '@quarry/jobs-contracts';
import { SqlRunnerJob } from '@quarry/server/exports';

import { HandlesJob } from '../jobs/handles-job.decorator';
import type { JobContext, JobHandler } from '../jobs/job-handler';

@Injectable()
@HandlesJob(JobName.RunSql)
export class RunSqlHandler implements JobHandler<JobName.RunSql> {
  constructor(private readonly sqlRunner: SqlRunnerJob) {}

  handle(payload: RunSqlPayload, context: JobContext): Promise<RunSqlResult> {
    return this.sqlRunner.run(payload, context.jobId, (rowsWritten) => context.reportProgress({ progress: { rowsWritten } }));
  }
}
