import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

import { Body, Controller, Get, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { NotFoundError, type Principal } from '@quarry/domain';
import { JobName } from '@quarry/jobs-contracts';
import { CurrentUser, Endpoint, isUuid, UuidParam } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { SqlRunnerRequestsService, sqlRunnerResultsFile, type WarehouseTablesCatalog } from '@quarry/server/exports';
import { JobStatusService } from '@quarry/server/jobs';

import { SqlRunnerBodyDto, SqlRunnerFieldsQueryDto, SqlRunnerJobDto } from './sql-runner.dto';

const NO_RESULTS = 'These SQL runner results do not exist or have expired';

/** The reference's SQL runner routes (its Python SDK's `client.sql()` and `client.sql_runner`). */
@ApiTags('SQL runner')
@Controller('api/v1/projects/:projectUuid/sqlRunner')
export class SqlRunnerController {
  constructor(
    private readonly sqlRunner: SqlRunnerRequestsService,
    private readonly jobs: JobStatusService,
    private readonly config: AppConfig,
  ) {}

  @Post('run')
  @Endpoint({
    summary: 'Run ad-hoc SQL in the background (developers); poll the job status for its fileUrl and columns',
    response: SqlRunnerJobDto,
    errors: [403, 404, 503],
  })
  run(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Body() body: SqlRunnerBodyDto,
  ): Promise<SqlRunnerJobDto> {
    return this.sqlRunner.run(principal, projectUuid, body.sql, body.limit);
  }

  @Get('tables')
  @ApiOkResponse({ description: 'database → schema → table → {}' })
  @Endpoint({ summary: 'Tables and views of the project’s warehouse (developers)', errors: [403, 404] })
  tables(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
  ): Promise<WarehouseTablesCatalog> {
    return this.sqlRunner.tables(principal, projectUuid);
  }

  @Get('fields')
  @Endpoint({ summary: 'Columns of one warehouse table and their dimension types (developers)', errors: [403, 404] })
  fields(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Query() query: SqlRunnerFieldsQueryDto,
  ): Promise<Record<string, string>> {
    const table = query.tableName ?? query.table;
    const schema = query.schemaName ?? query.schema;
    return this.sqlRunner.fields(principal, projectUuid, {
      ...(table === undefined ? {} : { table }),
      ...(schema === undefined ? {} : { schema }),
      ...(query.databaseName === undefined ? {} : { database: query.databaseName }),
    });
  }

  @Get('results/:fileId')
  @ApiProduces('application/json')
  @Endpoint({ summary: 'The rows of a completed SQL runner job, as JSON lines (one object per row)', errors: [404] })
  async results(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('fileId') fileId: string,
  ): Promise<StreamableFile> {
    if (!isUuid(fileId)) throw new NotFoundError(NO_RESULTS, { fileId });
    // Whoever may read the job may read its rows (its creator, an admin of its organization); anyone else gets the same 404.
    const job = await this.jobs.get(principal, fileId.toLowerCase());
    const organizationUuid = job.details.organizationUuid;
    if (
      job.jobName !== JobName.RunSql ||
      job.details.projectUuid !== projectUuid ||
      organizationUuid !== principal.organizationUuid ||
      !organizationUuid
    ) {
      throw new NotFoundError(NO_RESULTS, { fileId });
    }
    const path = sqlRunnerResultsFile(this.config.dataDir, organizationUuid, projectUuid, job.jobUuid);
    const size = await stat(path).then(
      (found) => found.size,
      () => undefined,
    );
    if (size === undefined) throw new NotFoundError(NO_RESULTS, { fileId });
    return new StreamableFile(createReadStream(path), { type: 'application/json', length: size });
  }
}
