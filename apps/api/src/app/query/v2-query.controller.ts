import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { type AsyncQueryRequest, AsyncQueryService } from '@quarry/server/query';

import { ExecutedQueryDto, ExecuteMetricQueryDto, QueryPageDto, QueryPageParamsDto } from './v2-query.dto';

@ApiTags('Queries')
@Controller('api/v2/projects/:projectUuid/query')
export class V2QueryController {
  constructor(private readonly queries: AsyncQueryService) {}

  @Post('metric-query')
  @Endpoint({
    summary: 'Execute a metric query in the background (E12)',
    description: 'Answers at once with a queryUuid; read the rows with GET …/query/{queryUuid}.',
    response: ExecutedQueryDto,
    errors: [403, 404, 409],
  })
  execute(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Body() body: ExecuteMetricQueryDto,
  ): Promise<ExecutedQueryDto> {
    const { periodOverPeriod, dateZoom, ...request } = body;
    // The spec puts dateZoom (and periodOverPeriod) in the query; clients also send them beside it.
    const { dateZoom: queryDateZoom, ...query } = request.query;
    const zoom = queryDateZoom ?? dateZoom;
    const run: AsyncQueryRequest = {
      ...request,
      query: { ...query, ...(query.periodOverPeriod || !periodOverPeriod ? {} : { periodOverPeriod }) },
      ...(zoom ? { dateZoom: zoom } : {}),
    };
    return this.queries.execute(principal, projectUuid, run);
  }

  @Get(':queryUuid')
  @Endpoint({ summary: 'Status and a page of results of a v2 query', response: QueryPageDto, errors: [404, 406] })
  results(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('queryUuid', new UuidParam('queryUuid')) queryUuid: string,
    @Query() params: QueryPageParamsDto,
  ): Promise<QueryPageDto> {
    return this.queries.results(principal, projectUuid, queryUuid, params.page, params.pageSize) as Promise<QueryPageDto>;
  }

  @Post(':queryUuid/cancel')
  @Endpoint({ summary: 'Cancel a running v2 query (stops it in the warehouse)', errors: [404] })
  async cancel(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('queryUuid', new UuidParam('queryUuid')) queryUuid: string,
  ): Promise<null> {
    await this.queries.cancel(principal, projectUuid, queryUuid);
    return null;
  }
}
