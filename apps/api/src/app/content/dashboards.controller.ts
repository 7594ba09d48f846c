import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidOrSlugParam, UuidParam } from '@quarry/server/common';
import { DashboardsService } from '@quarry/server/content';

import { CreateDashboardDto, DashboardDto, DashboardPinningDto, DashboardSummaryDto, UpdateDashboardDto } from './dashboards.dto';

const projectParam = new UuidParam('projectUuid');
const dashboardParam = new UuidParam('dashboardUuid');

@ApiTags('Dashboards')
@Controller('api/v1')
export class DashboardsController {
  constructor(private readonly dashboards: DashboardsService) {}

  @Post('projects/:projectUuid/dashboards')
  @Endpoint({
    summary:
      'Create a dashboard with tiles, tabs, filters and config in a space (space editor); without spaceUuid, ' +
      'the first space the caller can write',
    response: DashboardDto,
    status: 201,
    errors: [403, 404],
  })
  create(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Body() body: CreateDashboardDto,
  ): Promise<DashboardDto> {
    return this.dashboards.create(principal, projectUuid, body) as Promise<DashboardDto>;
  }

  @Get('projects/:projectUuid/dashboards')
  @Endpoint({ summary: 'Dashboards of the project in spaces the caller may see', response: [DashboardSummaryDto], errors: [404] })
  list(@CurrentUser() principal: Principal, @Param('projectUuid', projectParam) projectUuid: string): Promise<DashboardSummaryDto[]> {
    return this.dashboards.list(principal, projectUuid);
  }

  @Get('dashboards/:dashboardUuid')
  @Endpoint({
    summary: 'Get a dashboard by uuid or slug (counts a view); dashboards in hidden spaces answer 404',
    response: DashboardDto,
    errors: [404, 409],
  })
  get(
    @CurrentUser() principal: Principal,
    @Param('dashboardUuid', new UuidOrSlugParam('dashboardUuid')) dashboardUuidOrSlug: string,
  ): Promise<DashboardDto> {
    return this.dashboards.getByUuidOrSlug(principal, dashboardUuidOrSlug) as Promise<DashboardDto>;
  }

  @Patch('dashboards/:dashboardUuid')
  @Endpoint({
    summary: 'Change a dashboard; every change is a new version (dashboardVersionId increases)',
    response: DashboardDto,
    errors: [403, 404],
  })
  update(
    @CurrentUser() principal: Principal,
    @Param('dashboardUuid', dashboardParam) dashboardUuid: string,
    @Body() body: UpdateDashboardDto,
  ): Promise<DashboardDto> {
    return this.dashboards.update(principal, dashboardUuid, body) as Promise<DashboardDto>;
  }

  @Delete('dashboards/:dashboardUuid')
  @Endpoint({ summary: 'Delete a dashboard with the charts saved in it', errors: [403, 404] })
  async delete(@CurrentUser() principal: Principal, @Param('dashboardUuid', dashboardParam) dashboardUuid: string): Promise<null> {
    await this.dashboards.delete(principal, dashboardUuid);
    return null;
  }

  @Patch('dashboards/:dashboardUuid/pinning')
  @Endpoint({ summary: 'Pin a dashboard to its project, or unpin it (project editor)', response: DashboardPinningDto, errors: [403, 404] })
  togglePin(
    @CurrentUser() principal: Principal,
    @Param('dashboardUuid', dashboardParam) dashboardUuid: string,
  ): Promise<DashboardPinningDto> {
    return this.dashboards.togglePin(principal, dashboardUuid) as Promise<DashboardPinningDto>;
  }
}
