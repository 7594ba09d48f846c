import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { PromotionService } from '@quarry/server/content';

import { ChartDto } from './charts.dto';
import { ContentChangesDto } from './charts-as-code.dto';
import { DashboardDto } from './dashboards.dto';

const dashboardParam = new UuidParam('dashboardUuid');
const chartParam = new UuidParam('chartUuid');

@ApiTags('Promotion')
@Controller('api/v1')
export class PromotionController {
  constructor(private readonly promotion: PromotionService) {}

  @Post('dashboards/:dashboardUuid/promote')
  @Endpoint({
    summary: 'Promote a dashboard with its charts to the upstream project (E10, developer); answers the upstream dashboard',
    response: DashboardDto,
    errors: [403, 404, 409],
  })
  promoteDashboard(
    @CurrentUser() principal: Principal,
    @Param('dashboardUuid', dashboardParam) dashboardUuid: string,
  ): Promise<DashboardDto> {
    return this.promotion.promoteDashboard(principal, dashboardUuid) as Promise<DashboardDto>;
  }

  @Get('dashboards/:dashboardUuid/promoteDiff')
  @Endpoint({ summary: 'What promoting the dashboard would change upstream', response: ContentChangesDto, errors: [403, 404] })
  dashboardDiff(
    @CurrentUser() principal: Principal,
    @Param('dashboardUuid', dashboardParam) dashboardUuid: string,
  ): Promise<ContentChangesDto> {
    return this.promotion.dashboardDiff(principal, dashboardUuid) as Promise<ContentChangesDto>;
  }

  @Post('saved/:chartUuid/promote')
  @Endpoint({
    summary: 'Promote a saved chart to the upstream project (developer); answers the upstream chart',
    response: ChartDto,
    errors: [403, 404, 409],
  })
  promoteChart(@CurrentUser() principal: Principal, @Param('chartUuid', chartParam) chartUuid: string): Promise<ChartDto> {
    return this.promotion.promoteChart(principal, chartUuid) as Promise<ChartDto>;
  }

  @Get('saved/:chartUuid/promoteDiff')
  @Endpoint({ summary: 'What promoting the chart would change upstream', response: ContentChangesDto, errors: [403, 404] })
  chartDiff(@CurrentUser() principal: Principal, @Param('chartUuid', chartParam) chartUuid: string): Promise<ContentChangesDto> {
    return this.promotion.chartDiff(principal, chartUuid) as Promise<ContentChangesDto>;
  }
}
