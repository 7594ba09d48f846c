import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { DashboardsAsCodeService } from '@quarry/server/content';

import { ChartsAsCodeQueryDto, ContentChangesDto, DashboardsAsCodeDto, DashboardUploadDto } from './charts-as-code.dto';

const projectParam = new UuidParam('projectUuid');

@ApiTags('Content as code')
@Controller('api/v1/projects/:projectUuid/dashboards')
export class DashboardsAsCodeController {
  constructor(private readonly asCode: DashboardsAsCodeService) {}

  @Get('code')
  @Endpoint({
    summary: 'Export dashboards as code (developer): ids (uuids or slugs), offset paging, languageMap',
    response: DashboardsAsCodeDto,
    errors: [403, 404],
  })
  download(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Query() query: ChartsAsCodeQueryDto,
  ): Promise<DashboardsAsCodeDto> {
    return this.asCode.download(principal, projectUuid, {
      ids: query.ids,
      offset: query.offset,
      languageMap: query.languageMap === 'true',
    });
  }

  @Post(':slug/code')
  @Endpoint({
    summary:
      'Upload a dashboard as code: create or update the dashboard with this slug; chart tiles name charts by slug (dryRun: plan only)',
    response: ContentChangesDto,
    errors: [403, 404],
  })
  upload(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('slug') slug: string,
    @Body() body: DashboardUploadDto,
  ): Promise<ContentChangesDto> {
    return this.asCode.upload(principal, projectUuid, slug, body) as Promise<ContentChangesDto>;
  }
}
