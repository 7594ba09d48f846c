import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { NotFoundError, type Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, isUuid } from '@quarry/server/common';
import { JobStatusService } from '@quarry/server/jobs';

import { JobStatusDto } from './jobs.dto';

@ApiTags('Jobs')
@Controller('api/v1/schedulers/job')
export class JobsController {
  constructor(private readonly jobs: JobStatusService) {}

  @Get(':jobId/status')
  @Endpoint({ summary: 'Status of a job I started (or any job of my organization, for admins)', response: JobStatusDto, errors: [404] })
  async status(@CurrentUser() principal: Principal, @Param('jobId') jobId: string): Promise<JobStatusDto> {
    // Any id that is not one of ours is simply an unknown job.
    if (!isUuid(jobId)) throw new NotFoundError('Job not found', { jobId });
    const job = await this.jobs.get(principal, jobId.toLowerCase());
    return {
      status: job.status,
      details: job.details,
      jobId: job.jobUuid,
      jobName: job.jobName,
      createdAt: job.createdAt.toISOString(),
      updatedAt: job.updatedAt.toISOString(),
    };
  }
}
