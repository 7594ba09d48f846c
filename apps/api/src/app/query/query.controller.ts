import { Body, Controller, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { QueryService } from '@quarry/server/query';
import type { Response } from 'express';

import { CompiledQueryDto, CompileQueryDto, QueryResultsDto, RunQueryDto } from './query.dto';

@ApiTags('Queries')
@Controller('api/v1/projects/:projectUuid/explores/:exploreId')
export class QueryController {
  constructor(private readonly queries: QueryService) {}

  @Post('runQuery')
  @Endpoint({ summary: 'Run a query against an explore (E4)', response: QueryResultsDto, errors: [403, 404, 409, 413, 429] })
  runQuery(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('exploreId') exploreId: string,
    @Body() body: RunQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<QueryResultsDto> {
    // csvLimit bounds exports built from the query, not the rows runQuery returns.
    const { csvLimit: _csvLimit, ...request } = body;
    return this.queries.runQuery(principal, projectUuid, exploreId, request, clientGone(response));
  }

  @Post('compileQuery')
  @Endpoint({ summary: 'Compile a query to SQL without running it (E5)', response: CompiledQueryDto, errors: [403, 404, 409, 413] })
  compileQuery(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('exploreId') exploreId: string,
    @Body() body: CompileQueryDto,
  ): Promise<CompiledQueryDto> {
    return this.queries.compileQuery(principal, projectUuid, exploreId, body);
  }
}

/** Aborted when the client goes away before its answer is sent: its query is interrupted (or leaves its queue) instead of running on. */
function clientGone(response: Response): AbortSignal {
  const gone = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) gone.abort(new Error('The client went away'));
  });
  return gone.signal;
}
