import { Injectable } from '@nestjs/common';
import type { ItemsMap } from '@quarry/compiler';
import type { MetricQuery, PivotConfiguration, Principal } from '@quarry/domain';
import { createRowFormatter, type ResultRow } from '@quarry/formatting';

import { type QueryExtras, QueryPlanner } from './query-planner';
import { type CacheMetadata, WarehouseReader } from './warehouse-reader';

export interface QueryRequest extends MetricQuery, QueryExtras {
  /** Skip the results cache and read from the warehouse (the fresh result is cached). */
  invalidateCache?: boolean;
  /** False: never answer from a pre-aggregate (the reference's opt-out). */
  usePreAggregateCache?: boolean;
}

export interface CompiledQueryView {
  query: string;
  parameterReferences: string[];
  /** With a pivot configuration: the SQL that pivots the query's rows. */
  pivotQuery?: string;
}

export interface QueryResults {
  metricQuery: MetricQuery;
  fields: ItemsMap;
  rows: ResultRow[];
  cacheMetadata: CacheMetadata;
}

export interface RawQueryResults extends Omit<QueryResults, 'rows'> {
  rows: Array<Record<string, unknown>>;
}

/** E4 runQuery and E5 compileQuery: a metric query against one explore of a project. */
@Injectable()
export class QueryService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly reader: WarehouseReader,
  ) {}

  /** E5: the SQL a query would run, with values inline (escaped) for reading. Viewers may. */
  async compileQuery(
    principal: Principal,
    projectUuid: string,
    exploreId: string,
    request: QueryRequest & { pivotConfiguration?: PivotConfiguration },
  ): Promise<CompiledQueryView> {
    const { pivotConfiguration, ...rest } = request;
    const { query, extras } = splitRequest(rest, exploreId);
    const planned = await this.planner.plan(principal, projectUuid, query, extras, { action: 'project:view', inline: true });
    const pivoted = pivotConfiguration
      ? await this.planner.plan(principal, projectUuid, query, extras, { action: 'project:view', inline: true, pivotConfiguration })
      : undefined;
    return {
      query: planned.compiled.sql,
      parameterReferences: planned.compiled.parameterReferences,
      ...(pivoted ? { pivotQuery: pivoted.sql } : {}),
    };
  }

  /** E4: runs the query with bound values and returns formatted rows. Interactive viewers may. */
  /** `signal`: the caller went away; the query stops (or leaves its queue). */
  async runQuery(
    principal: Principal,
    projectUuid: string,
    exploreId: string,
    request: QueryRequest,
    signal?: AbortSignal,
  ): Promise<QueryResults> {
    const { metricQuery, fields, rows, cacheMetadata } = await this.readQuery(principal, projectUuid, exploreId, request, signal);
    const formatRow = createRowFormatter(fields as Parameters<typeof createRowFormatter>[0]);
    return { metricQuery, fields, rows: rows.map(formatRow), cacheMetadata };
  }

  /** runQuery's rows unformatted (raw values under field ids): the SQL API encodes them itself. */
  async readQuery(
    principal: Principal,
    projectUuid: string,
    exploreId: string,
    request: QueryRequest,
    signal?: AbortSignal,
  ): Promise<RawQueryResults> {
    const { query, extras } = splitRequest(request, exploreId);
    const planned = await this.planner.plan(principal, projectUuid, query, extras, {
      action: 'explore:query',
      usePreAggregates: request.usePreAggregateCache !== false,
    });
    const { rows, cacheMetadata } = await this.reader.read(planned, {
      invalidateCache: request.invalidateCache ?? false,
      user: principal.userUuid,
      ...(signal ? { signal } : {}),
    });
    return { metricQuery: query, fields: planned.compiled.fields, rows, cacheMetadata };
  }
}

/** The metric query (its explore named by the path) apart from the request's other options. */
function splitRequest(request: QueryRequest, exploreId: string): { query: MetricQuery; extras: QueryExtras } {
  const { parameters, dateZoom, invalidateCache: _invalidateCache, usePreAggregateCache: _usePreAggregateCache, ...query } = request;
  return {
    query: { ...query, exploreName: exploreId },
    extras: { ...(parameters ? { parameters } : {}), ...(dateZoom ? { dateZoom } : {}) },
  };
}
