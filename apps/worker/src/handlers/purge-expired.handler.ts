import { Injectable } from '@nestjs/common';
import { JobName, type PurgeExpiredResult } from '@quarry/jobs-contracts';
import { MaintenanceService } from '@quarry/server/maintenance';

import { HandlesJob } from '../jobs/handles-job.decorator';
import type { JobHandler } from '../jobs/job-handler';

@Injectable()
@HandlesJob(JobName.PurgeExpired)
export class PurgeExpiredHandler implements JobHandler<JobName.PurgeExpired> {
  constructor(private readonly maintenance: MaintenanceService) {}

  handle(): Promise<PurgeExpiredResult> {
    return this.maintenance.purgeExpired();
  }
}
