import { Injectable } from '@nestjs/common';
import { compile, type CompiledQuery, type ItemsMap } from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import { type DateZoom, type Explore, type MetricQuery, ParameterError, type Principal, type WarehouseType } from '@quarry/domain';
import { createRowFormatter, type ResultRow } from '@quarry/formatting';
import { PolicyService } from '@quarry/server/auth';
import { AppConfig } from '@quarry/server/config';
import { ProjectsService, WarehouseAccess } from '@quarry/server/projects';
import { redactConnection } from '@quarry/warehouses';

import { ResultsCache } from './results-cache';

export interface QueryRequest extends MetricQuery {
  parameters?: Record<string, string | number | Array<string | number>>;
  dateZoom?: DateZoom;
  /** Skip the results cache and read from the warehouse (the fresh result is cached). */
  invalidateCache?: boolean;
}

export interface CacheMetadata {
  cacheHit: boolean;
  cacheKey: string;
  cacheUpdatedTime: string;
  cacheExpiresAt: string;
}

export interface CompiledQueryView {
  query: string;
  parameterReferences: string[];
}

export interface QueryResults {
  metricQuery: MetricQuery;
  fields: ItemsMap;
  rows: ResultRow[];
  cacheMetadata: CacheMetadata;
}

/** E4 runQuery and E5 compileQuery: a metric query against one explore of a project. */
@Injectable()
export class QueryService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly warehouses: WarehouseAccess,
    private readonly policy: PolicyService,
    private readonly config: AppConfig,
    private readonly cache: ResultsCache,
  ) {}

  /** E5: the SQL a query would run, with values inline (escaped) for reading. Viewers may. */
  async compileQuery(principal: Principal, projectUuid: string, exploreId: string, request: QueryRequest): Promise<CompiledQueryView> {
    const target = await this.projects.queryTarget(principal, projectUuid, exploreId, 'project:view');
    await this.assertCustomSqlAllowed(principal, target.project, request);
    const compiled = this.compile(target.explore, target.warehouse.type, request, principal, true);
    return { query: compiled.sql, parameterReferences: compiled.parameterReferences };
  }

  /** E4: runs the query with bound values and returns formatted rows. Interactive viewers may. */
  async runQuery(principal: Principal, projectUuid: string, exploreId: string, request: QueryRequest): Promise<QueryResults> {
    const target = await this.projects.queryTarget(principal, projectUuid, exploreId, 'explore:query');
    await this.assertCustomSqlAllowed(principal, target.project, request);
    if (request.limit > this.config.query.maxLimit) {
      throw new ParameterError(`Query limit can not exceed ${this.config.query.maxLimit}`, { limit: [`limit must not exceed ${this.config.query.maxLimit}`] });
    }
    const compiled = this.compile(target.explore, target.warehouse.type, request, principal, false);
    const cacheKey = this.cache.keyOf({
      warehouse: redactConnection(target.warehouse),
      sql: compiled.sql,
      params: compiled.params,
      timezone: request.timezone ?? 'UTC',
    });
    const cached = request.invalidateCache ? undefined : await this.cache.get(cacheKey);
    const entry =
      cached ??
      (await this.cache.set(cacheKey, (await this.warehouses.with(target.warehouse, (adapter) => adapter.runQuery(compiled.sql, compiled.params))).rows));
    const formatRow = createRowFormatter(compiled.fields as Parameters<typeof createRowFormatter>[0]);
    return {
      metricQuery: stripParameters(request),
      fields: compiled.fields,
      rows: entry.rows.map(formatRow),
      cacheMetadata: { cacheHit: cached !== undefined, cacheKey, cacheUpdatedTime: entry.cachedAt, cacheExpiresAt: entry.expiresAt },
    };
  }

  private compile(explore: Record<string, unknown>, warehouseType: WarehouseType, request: QueryRequest, principal: Principal, inline: boolean): CompiledQuery {
    return compile(
      explore as unknown as Explore,
      stripParameters(request),
      dialectFor(warehouseType),
      { parameters: request.parameters, dateZoom: request.dateZoom, user: { email: principal.email }, timezone: request.timezone },
      { inlineParams: inline },
    );
  }

  /** Custom SQL dimensions run arbitrary SQL on the warehouse: developers only. */
  private async assertCustomSqlAllowed(principal: Principal, project: { projectUuid: string; organizationUuid: string }, request: QueryRequest): Promise<void> {
    if ((request.customDimensions ?? []).some((custom) => custom.type === 'sql')) {
      await this.policy.assertProject(principal, project, 'sql:custom');
    }
  }
}

function stripParameters(request: QueryRequest): MetricQuery {
  const { parameters: _parameters, dateZoom: _dateZoom, invalidateCache: _invalidateCache, ...query } = request;
  return query;
}
