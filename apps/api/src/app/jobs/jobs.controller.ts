import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { NotFoundError, type Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, isUuid } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { JobStatusService } from '@quarry/server/jobs';

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
  async status(@CurrentUser() principal: Principal, @Param('jobId') jobId: string): Promise<JobStatusDto> {
    // Any id that is not one of ours is simply an unknown job.
    if (!isUuid(jobId)) throw new NotFoundError('Job not found', { jobId });
    const job = await this.jobs.get(principal, jobId.toLowerCase());
    return {
      status: job.status,
      details: this.withPublicFileUrl(job.details),
      jobId: job.jobUuid,
      jobName: job.jobName,
      createdAt: job.createdAt.toISOString(),
      updatedAt: job.updatedAt.toISOString(),
    };
  }

  /**
   * The worker writes download URLs of CSV files (and SQL runner results) on SITE_URL, which defaults to its own
   * http://localhost:PORT; without SITE_URL they are put on this API's listen address (its
   * siteUrl, from HOST and PORT), never on the request's Host header, which the caller — or a
   * proxy — chooses: a forged Host would send the next download, token and all, elsewhere. Other
   * URLs (pre-signed S3, spreadsheets) are left as they are.
   */
  private withPublicFileUrl(details: Record<string, unknown>): Record<string, unknown> {
    const fileUrl = details['fileUrl'];
    if (this.config.server.siteUrlSet || typeof fileUrl !== 'string') return details;
    const download = new RegExp(
      String.raw`^https?:\/\/(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::\d+)?` +
        String.raw`(\/api\/v1\/projects\/[^/]+\/(?:csv|sqlRunner\/results)\/[^/?#]+)$`,
      'i',
    ).exec(fileUrl);
    return download ? { ...details, fileUrl: `${this.config.server.siteUrl}${download[1]}` } : details;
  }
}
