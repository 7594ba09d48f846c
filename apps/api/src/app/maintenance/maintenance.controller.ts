import { Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint } from '@quarry/server/common';
import { MaintenanceRequestsService } from '@quarry/server/maintenance';

import { JobIdDto } from '../jobs/jobs.dto';

@ApiTags('Maintenance')
@Controller('api/v1/org/maintenance')
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceRequestsService) {}

  @Post('purge-expired')
  @Endpoint({
    summary: 'Purge expired tokens and files now (admin)',
    description: 'The worker also runs this on a schedule (MAINTENANCE_INTERVAL_MINUTES).',
    response: JobIdDto,
    errors: [403, 503],
  })
  async purgeExpired(@CurrentUser() principal: Principal): Promise<JobIdDto> {
    return { jobId: await this.maintenance.requestPurge(principal) };
  }
}
