import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { PreAggregatesService } from '@quarry/server/pre-aggregates';

import { JobIdDto } from '../jobs/jobs.dto';
import { PreAggregateStatusDto } from './pre-aggregates.dto';

@ApiTags('Pre-aggregates')
@Controller('api/v1/projects/:projectUuid/pre-aggregates')
export class PreAggregatesController {
  constructor(private readonly preAggregates: PreAggregatesService) {}

  @Get()
  @Endpoint({ summary: "The project's pre-aggregates and their builds (viewers and up)", response: [PreAggregateStatusDto], errors: [404] })
  list(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
  ): Promise<PreAggregateStatusDto[]> {
    return this.preAggregates.list(principal, projectUuid);
  }

  @Post(':name/refresh')
  @Endpoint({ summary: 'Rebuild one pre-aggregate now (developers); answers the build job', response: JobIdDto, errors: [403, 404, 503] })
  refresh(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('name') name: string,
  ): Promise<JobIdDto> {
    return this.preAggregates.refresh(principal, projectUuid, name);
  }
}
