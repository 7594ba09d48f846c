import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { SqlChartsService } from '@quarry/server/content';

import { CreatedSqlChartDto, CreateSqlChartDto, SqlChartDto, UpdatedSqlChartDto, UpdateSqlChartDto } from './sql-charts.dto';

const projectParam = new UuidParam('projectUuid');
const sqlChartParam = new UuidParam('savedSqlUuid');

@ApiTags('Saved SQL charts')
@Controller('api/v1/projects/:projectUuid/sqlRunner/saved')
export class SqlChartsController {
  constructor(private readonly sqlCharts: SqlChartsService) {}

  @Post()
  @Endpoint({ summary: 'Save a SQL chart in a space (developer; space editor)', response: CreatedSqlChartDto, errors: [403, 404] })
  create(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Body() body: CreateSqlChartDto,
  ): Promise<CreatedSqlChartDto> {
    return this.sqlCharts.create(principal, projectUuid, body);
  }

  @Get('slug/:slug')
  @Endpoint({ summary: 'Get a saved SQL chart by slug (E11; counts a view)', response: SqlChartDto, errors: [404] })
  getBySlug(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('slug') slug: string,
  ): Promise<SqlChartDto> {
    return this.sqlCharts.getBySlug(principal, projectUuid, slug) as Promise<SqlChartDto>;
  }

  @Get(':savedSqlUuid')
  @Endpoint({ summary: 'Get a saved SQL chart (counts a view)', response: SqlChartDto, errors: [404] })
  get(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('savedSqlUuid', sqlChartParam) savedSqlUuid: string,
  ): Promise<SqlChartDto> {
    return this.sqlCharts.get(principal, projectUuid, savedSqlUuid) as Promise<SqlChartDto>;
  }

  @Patch(':savedSqlUuid')
  @Endpoint({
    summary: 'Update a saved SQL chart: unversionedData in place, versionedData as a new version',
    response: UpdatedSqlChartDto,
    errors: [403, 404],
  })
  update(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('savedSqlUuid', sqlChartParam) savedSqlUuid: string,
    @Body() body: UpdateSqlChartDto,
  ): Promise<UpdatedSqlChartDto> {
    return this.sqlCharts.update(principal, projectUuid, savedSqlUuid, body);
  }

  @Delete(':savedSqlUuid')
  @Endpoint({ summary: 'Delete a saved SQL chart', errors: [403, 404] })
  async delete(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('savedSqlUuid', sqlChartParam) savedSqlUuid: string,
  ): Promise<null> {
    await this.sqlCharts.delete(principal, projectUuid, savedSqlUuid);
    return null;
  }
}
