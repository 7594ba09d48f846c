import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidOrSlugParam, UuidParam } from '@quarry/server/common';
import { ChartsService } from '@quarry/server/content';

import {
  ChartDto,
  ChartHistoryDto,
  ChartPinningDto,
  ChartSummaryDto,
  ChartVersionDto,
  ChartVersionRequestDto,
  CreateChartDto,
  UpdateChartDto,
} from './charts.dto';

const projectParam = new UuidParam('projectUuid');
const chartParam = new UuidParam('chartUuid');

@ApiTags('Saved charts')
@Controller('api/v1')
export class ChartsController {
  constructor(private readonly charts: ChartsService) {}

  @Post('projects/:projectUuid/saved')
  @Endpoint({
    summary: 'Save a chart in a space (space editor); its slug is unique in the project',
    response: ChartDto,
    errors: [403, 404],
  })
  create(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Body() body: CreateChartDto,
  ): Promise<ChartDto> {
    return this.charts.create(principal, projectUuid, body) as Promise<ChartDto>;
  }

  @Get('projects/:projectUuid/charts')
  @Endpoint({ summary: 'Saved charts of the project in spaces the caller may see', response: [ChartSummaryDto], errors: [404] })
  list(@CurrentUser() principal: Principal, @Param('projectUuid', projectParam) projectUuid: string): Promise<ChartSummaryDto[]> {
    return this.charts.list(principal, projectUuid);
  }

  @Get('saved/:chartUuid')
  @Endpoint({
    summary: 'Get a saved chart by uuid or slug (counts a view); charts in hidden spaces answer 404',
    response: ChartDto,
    errors: [404, 409],
  })
  get(
    @CurrentUser() principal: Principal,
    @Param('chartUuid', new UuidOrSlugParam('chartUuid')) chartUuidOrSlug: string,
  ): Promise<ChartDto> {
    return this.charts.getByUuidOrSlug(principal, chartUuidOrSlug) as Promise<ChartDto>;
  }

  @Patch('saved/:chartUuid')
  @Endpoint({ summary: 'Rename, describe or move a saved chart (saved as a new version)', response: ChartDto, errors: [403, 404] })
  update(
    @CurrentUser() principal: Principal,
    @Param('chartUuid', chartParam) chartUuid: string,
    @Body() body: UpdateChartDto,
  ): Promise<ChartDto> {
    return this.charts.update(principal, chartUuid, body) as Promise<ChartDto>;
  }

  @Post('saved/:chartUuid/version')
  @Endpoint({
    summary: "Save new content as the chart's next version (name and description are accepted and kept, as the reference)",
    response: ChartDto,
    errors: [403, 404],
  })
  saveVersion(
    @CurrentUser() principal: Principal,
    @Param('chartUuid', chartParam) chartUuid: string,
    @Body() body: ChartVersionRequestDto,
  ): Promise<ChartDto> {
    const { name: _name, description: _description, ...content } = body;
    return this.charts.saveVersion(principal, chartUuid, content) as Promise<ChartDto>;
  }

  @Delete('saved/:chartUuid')
  @Endpoint({ summary: 'Delete a saved chart with its versions and pins', errors: [403, 404] })
  async delete(@CurrentUser() principal: Principal, @Param('chartUuid', chartParam) chartUuid: string): Promise<null> {
    await this.charts.delete(principal, chartUuid);
    return null;
  }

  @Get('saved/:chartUuid/history')
  @Endpoint({ summary: 'Versions of a saved chart, newest first', response: ChartHistoryDto, errors: [404] })
  history(@CurrentUser() principal: Principal, @Param('chartUuid', chartParam) chartUuid: string): Promise<ChartHistoryDto> {
    return this.charts.history(principal, chartUuid);
  }

  @Get('saved/:chartUuid/version/:versionUuid')
  @Endpoint({ summary: 'A saved chart as one of its versions saved it', response: ChartVersionDto, errors: [404] })
  version(
    @CurrentUser() principal: Principal,
    @Param('chartUuid', chartParam) chartUuid: string,
    @Param('versionUuid', new UuidParam('versionUuid')) versionUuid: string,
  ): Promise<ChartVersionDto> {
    return this.charts.version(principal, chartUuid, versionUuid) as Promise<ChartVersionDto>;
  }

  @Patch('saved/:chartUuid/pinning')
  @Endpoint({ summary: 'Pin a saved chart to its project, or unpin it (project editor)', response: ChartPinningDto, errors: [403, 404] })
  togglePin(@CurrentUser() principal: Principal, @Param('chartUuid', chartParam) chartUuid: string): Promise<ChartPinningDto> {
    return this.charts.togglePin(principal, chartUuid) as Promise<ChartPinningDto>;
  }
}
