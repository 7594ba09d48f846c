import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { SqlRunnerRequestsService } from '@quarry/server/exports';

import { SqlRunnerJobDto } from './sql-runner.dto';

const projectParam = new UuidParam('projectUuid');

/**
 * The reference's routes that run a saved SQL chart (its `getSavedSqlResultsJobByUuid` and
 * `…BySlug`): anyone who may view the chart, viewers included, gets a job whose status and JSON-lines
 * results are the SQL runner's. What runs is the chart's saved SQL; these routes take no SQL.
 */
@ApiTags('SQL runner')
@Controller('api/v1/projects/:projectUuid/sqlRunner/saved')
export class SavedSqlRunsController {
  constructor(private readonly sqlRunner: SqlRunnerRequestsService) {}

  @Get('slug/:slug/results-job')
  @Endpoint({
    summary: 'Run a saved SQL chart by slug (anyone who may view it); poll the job status for its fileUrl and columns',
    response: SqlRunnerJobDto,
    errors: [404],
  })
  bySlug(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('slug') slug: string,
  ): Promise<SqlRunnerJobDto> {
    return this.sqlRunner.runSaved(principal, projectUuid, { slug });
  }

  @Get(':savedSqlUuid/results-job')
  @Endpoint({
    summary: 'Run a saved SQL chart (anyone who may view it); poll the job status for its fileUrl and columns',
    response: SqlRunnerJobDto,
    errors: [404],
  })
  byUuid(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('savedSqlUuid', new UuidParam('savedSqlUuid')) savedSqlUuid: string,
  ): Promise<SqlRunnerJobDto> {
    return this.sqlRunner.runSaved(principal, projectUuid, { savedSqlUuid });
  }
}
