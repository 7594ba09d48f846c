import { Body, Controller, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { type MetricExplorerComparison, MetricsExplorerService } from '@quarry/server/metrics-explorer';

import { MetricExplorerParamsDto, MetricExplorerResultsDto, RunMetricExplorerQueryDto } from './metrics-explorer.dto';

@ApiTags('Metrics explorer')
@Controller('api/v1/projects/:projectUuid/metricsExplorer')
export class MetricsExplorerController {
  constructor(private readonly explorer: MetricsExplorerService) {}

  @Post(':explore/:metric/runMetricExplorerQuery')
  @Endpoint({
    summary: 'A metric as a time series over a date range, optionally segmented or compared (E1)',
    response: MetricExplorerResultsDto,
    errors: [403, 404, 409, 429],
  })
  run(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('explore') explore: string,
    @Param('metric') metric: string,
    @Query() params: MetricExplorerParamsDto,
    @Body() body: RunMetricExplorerQueryDto,
  ): Promise<MetricExplorerResultsDto> {
    return this.explorer.run(principal, projectUuid, explore, metric, {
      startDate: params.startDate,
      endDate: params.endDate,
      query: body.query as MetricExplorerComparison,
      ...(body.timeDimensionOverride ? { timeDimensionOverride: body.timeDimensionOverride } : {}),
      ...(body.filter ? { filter: body.filter } : {}),
    });
  }
}
