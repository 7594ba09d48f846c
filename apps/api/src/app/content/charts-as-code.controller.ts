import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { ChartsAsCodeService } from '@quarry/server/content';

import { ChartsAsCodeDto, ChartsAsCodeQueryDto, ChartUploadDto, ContentChangesDto } from './charts-as-code.dto';

const projectParam = new UuidParam('projectUuid');

@ApiTags('Content as code')
@Controller('api/v1/projects/:projectUuid/charts')
export class ChartsAsCodeController {
  constructor(private readonly asCode: ChartsAsCodeService) {}

  @Get('code')
  @Endpoint({
    summary: 'Export charts as code (E14, developer): ids (uuids or slugs), offset paging, languageMap',
    response: ChartsAsCodeDto,
    errors: [403, 404],
  })
  download(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Query() query: ChartsAsCodeQueryDto,
  ): Promise<ChartsAsCodeDto> {
    return this.asCode.download(principal, projectUuid, {
      ids: query.ids,
      offset: query.offset,
      languageMap: query.languageMap === 'true',
    });
  }

  @Post(':slug/code')
  @Endpoint({
    summary: 'Upload a chart as code: create or update the chart with this slug, creating missing spaces (dryRun: plan only)',
    response: ContentChangesDto,
    errors: [403, 404],
  })
  upload(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('slug') slug: string,
    @Body() body: ChartUploadDto,
  ): Promise<ContentChangesDto> {
    return this.asCode.upload(principal, projectUuid, slug, body) as Promise<ContentChangesDto>;
  }
}
