import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { NotFoundError, type Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, isUuid } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { JobStatusService } from '@quarry/server/jobs';
import type { Request } from 'express';

import { JobStatusDto } from './jobs.dto';

@ApiTags('Jobs')
@Controller('api/v1/schedulers/job')
export class JobsController {
  constructor(
    private readonly jobs: JobStatusService,
    private readonly config: AppConfig,
  ) {}

  @Get(':jobId/status')
  @Endpoint({ summary: 'Status of a job I started (or any job of my organization, for admins)', response: JobStatusDto, errors: [404] })
  async status(@CurrentUser() principal: Principal, @Param('jobId') jobId: string, @Req() request: Request): Promise<JobStatusDto> {
    // Any id that is not one of ours is simply an unknown job.
    if (!isUuid(jobId)) throw new NotFoundError('Job not found', { jobId });
    const job = await this.jobs.get(principal, jobId.toLowerCase());
    return {
      status: job.status,
      details: this.withPublicFileUrl(job.details, request),
      jobId: job.jobUuid,
      jobName: job.jobName,
      createdAt: job.createdAt.toISOString(),
      updatedAt: job.updatedAt.toISOString(),
    };
  }

  /**
   * The worker writes download URLs of CSV files on SITE_URL, which defaults to
   * http://localhost:PORT; without SITE_URL the caller gets them on the host it called (Host
   * header), which it can reach. Other URLs (pre-signed S3, spreadsheets) are left as they are.
   */
  private withPublicFileUrl(details: Record<string, unknown>, request: Request): Record<string, unknown> {
    const fileUrl = details['fileUrl'];
    const host = request.get('host');
    if (this.config.server.siteUrlSet || !host || typeof fileUrl !== 'string') return details;
    const download = /^https?:\/\/localhost(?::\d+)?(\/api\/v1\/projects\/[^/]+\/csv\/[^/?#]+)$/.exec(fileUrl);
    return download ? { ...details, fileUrl: `${request.protocol}://${host}${download[1]}` } : details;
  }
}
