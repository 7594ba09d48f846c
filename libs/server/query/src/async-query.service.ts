import { randomUUID } from 'node:crypto';

import { Injectable, Logger } from '@nestjs/common';
import { type CompileWarning, type ItemsMap, pivotRows } from '@quarry/compiler';
import {
  ExpiredError,
  type MetricQuery,
  NotFoundError,
  ParameterError,
  type PivotConfiguration,
  type PivotDetails,
  type Principal,
} from '@quarry/domain';
import { createRowFormatter, type ResultRow } from '@quarry/formatting';
import { AppConfig } from '@quarry/server/config';
import { type QueryHistoryEntity, QueryHistoryRepository, type QueryOutcome } from '@quarry/server/database';
import { ProjectsService } from '@quarry/server/projects';

import { pivotedResultsOf } from './pivoted-results';
import { QueryCancellation } from './query-cancellation';
import { type PlannedQuery, type QueryExtras, QueryPlanner } from './query-planner';
import { QueryResultsStore } from './query-results-store';
import { type RecentResult, RecentResults } from './recent-results';
import { type ResultColumn, resultColumns } from './result-columns';
import { type CacheMetadata, type PreAggregateMetadata, preAggregateMetadata, type ReadResult, WarehouseReader } from './warehouse-reader';

export interface AsyncQueryRequest extends QueryExtras {
  query: MetricQuery;
  context?: string;
  invalidateCache?: boolean;
  /** False: never answer from a pre-aggregate. */
  usePreAggregateCache?: boolean;
  pivotConfiguration?: PivotConfiguration;
}

export interface ExecutedQuery {
  queryUuid: string;
  cacheMetadata: CacheMetadata;
  metricQuery: MetricQuery;
  fields: ItemsMap;
  warnings: CompileWarning[];
  parameterReferences: string[];
  usedParametersValues: Record<string, unknown>;
}

export type QueryPage =
  | { status: 'pending' | 'cancelled'; queryUuid: string }
  | { status: 'error'; queryUuid: string; error: string | null }
  | {
      status: 'ready';
      queryUuid: string;
      rows: ResultRow[];
      columns: Record<string, ResultColumn>;
      page: number;
      pageSize: number;
      totalPageCount: number;
      totalResults: number;
      nextPage?: number;
      previousPage?: number;
      initialQueryExecutionMs: number;
      resultsPageExecutionMs: number;
      pivotDetails: PivotDetails | null;
      /** As in the execute answer's cacheMetadata: whether a pre-aggregate served the query, or why not; absent when it was not asked. */
      preAggregate?: PreAggregateMetadata;
    };

const DEFAULT_PAGE_SIZE = 500;

/**
 * E12: v2 queries. Executing answers with a query id once the query finished or
 * QUERY_READY_WAIT_MS passed, whichever is first (so a fast query is ready on the first poll); a
 * slower one goes on in this process, off the request. Formatted rows go to Redis, from where any
 * API process serves pages; the process that ran the query also keeps small results in memory
 * for the first reads. A cache hit is ready before the answer. Cancelling marks the query
 * cancelled and aborts the warehouse query wherever it runs.
 */
@Injectable()
export class AsyncQueryService {
  private readonly logger = new Logger(AsyncQueryService.name);
  private readonly recent: RecentResults;

  constructor(
    private readonly planner: QueryPlanner,
    private readonly reader: WarehouseReader,
    private readonly history: QueryHistoryRepository,
    private readonly store: QueryResultsStore,
    private readonly cancellation: QueryCancellation,
    private readonly projects: ProjectsService,
    private readonly config: AppConfig,
  ) {
    this.recent = new RecentResults(config.query.resultsTtlSeconds);
  }

  async execute(principal: Principal, projectUuid: string, request: AsyncQueryRequest): Promise<ExecutedQuery> {
    const extras: QueryExtras = {
      ...(request.parameters ? { parameters: request.parameters } : {}),
      ...(request.dateZoom ? { dateZoom: request.dateZoom } : {}),
      ...(request.dashboardFilters ? { dashboardFilters: request.dashboardFilters } : {}),
    };
    const planned = await this.planner.plan(principal, projectUuid, request.query, extras, {
      action: 'explore:query',
      fieldPrefix: 'query.',
      usePreAggregates: request.usePreAggregateCache !== false,
      ...(request.pivotConfiguration ? { pivotConfiguration: request.pivotConfiguration } : {}),
    });
    const queryUuid = randomUUID();
    const started = Date.now();
    // Recorded while the results cache (or the warehouse) is read: the query is marked ready only once both are done.
    const recorded = this.history.create({
      queryUuid,
      projectUuid,
      createdByUserUuid: principal.userUuid,
      context: request.context ?? null,
      metricQuery: request.query,
      pivotConfiguration: request.pivotConfiguration ?? null,
      cacheKey: planned.cacheKey,
      preAggregate: preAggregateMetadata(planned).preAggregate ?? null,
    });
    // Awaited below; until then a failed insert must not count as an unhandled rejection.
    void recorded.catch(() => undefined);
    const hit = await this.reader.cached(planned, request.invalidateCache ?? false);
    if (hit) {
      await recorded;
      await this.finish(queryUuid, planned, hit, started, principal.userUuid);
    } else {
      // Its outcome is recorded on the query, never thrown.
      const running = this.run(queryUuid, planned, started, recorded, principal.userUuid);
      await recorded;
      await settledWithin(running, this.config.query.readyWaitMs);
    }
    const now = new Date();
    return {
      queryUuid,
      cacheMetadata: hit?.cacheMetadata ?? {
        cacheHit: false,
        cacheKey: planned.cacheKey,
        cacheUpdatedTime: now.toISOString(),
        cacheExpiresAt: new Date(now.getTime() + this.config.query.cacheTtlSeconds * 1000).toISOString(),
        ...preAggregateMetadata(planned),
      },
      metricQuery: request.query,
      fields: planned.compiled.fields,
      warnings: planned.compiled.warnings,
      parameterReferences: planned.compiled.parameterReferences,
      usedParametersValues: Object.fromEntries(
        planned.compiled.parameterReferences
          .filter((name) => request.parameters?.[name] !== undefined)
          .map((name) => [name, request.parameters?.[name]]),
      ),
    };
  }

  async results(principal: Principal, projectUuid: string, queryUuid: string, page = 1, pageSize = DEFAULT_PAGE_SIZE): Promise<QueryPage> {
    const recent = this.recent.get(queryUuid);
    if (recent && recent.projectUuid === projectUuid && recent.createdByUserUuid === principal.userUuid) {
      // Ran here and finished (a ready query stays ready): no database read, and no rows read or parsed.
      await this.projects.assertViewable(principal, projectUuid);
      this.assertPaging(page, pageSize);
      const started = Date.now();
      // The results expire with Redis's copy, whichever process is asked (rows still being written there have not).
      if (recent.saved && !(await this.store.exists(queryUuid)))
        throw new ExpiredError('The results of this query have expired: run it again', { queryUuid });
      const totalPageCount = this.assertPageExists(page, pageSize, recent.rows.length);
      const rows = recent.rows.slice((page - 1) * pageSize, page * pageSize);
      const { columns, pivotDetails, initialQueryExecutionMs, preAggregate } = recent;
      return readyPage(queryUuid, {
        rows,
        columns,
        pivotDetails,
        initialQueryExecutionMs,
        page,
        pageSize,
        totalPageCount,
        totalResults: recent.rows.length,
        resultsPageExecutionMs: Date.now() - started,
        ...(preAggregate ? { preAggregate } : {}),
      });
    }
    const query = await this.ownQuery(principal, projectUuid, queryUuid);
    this.assertPaging(page, pageSize);
    if (query.status === 'pending' || query.status === 'cancelled') return { status: query.status, queryUuid };
    if (query.status === 'error') return { status: 'error', queryUuid, error: query.error };
    const started = Date.now();
    const totalResults = query.totalResults ?? 0;
    const totalPageCount = this.assertPageExists(page, pageSize, totalResults);
    const rows = await this.store.page(queryUuid, (page - 1) * pageSize, pageSize);
    if (rows === undefined) throw new ExpiredError('The results of this query have expired: run it again', { queryUuid });
    return readyPage(queryUuid, {
      rows,
      columns: (query.columns ?? {}) as Record<string, ResultColumn>,
      page,
      pageSize,
      totalPageCount,
      totalResults,
      initialQueryExecutionMs: query.initialQueryExecutionMs ?? 0,
      resultsPageExecutionMs: Date.now() - started,
      pivotDetails: query.pivotDetails ?? null,
      ...(query.preAggregate ? { preAggregate: query.preAggregate } : {}),
    });
  }

  private assertPaging(page: number, pageSize: number): void {
    if (!Number.isInteger(page) || page < 1)
      throw new ParameterError('page must be a whole number from 1', { page: ['page must be a whole number from 1'] });
    const max = this.config.query.maxPageSize;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > max) {
      throw new ParameterError(`pageSize must be a whole number from 1 to ${max}`, {
        pageSize: [`pageSize must be a whole number from 1 to ${max}`],
      });
    }
  }

  /** The number of pages; fails for a page past the last. */
  private assertPageExists(page: number, pageSize: number, totalResults: number): number {
    const totalPageCount = Math.ceil(totalResults / pageSize);
    if (page > Math.max(totalPageCount, 1)) {
      throw new ParameterError(`page ${page} is past the last page (${totalPageCount})`, {
        page: [`page must be at most ${Math.max(totalPageCount, 1)}`],
      });
    }
    return totalPageCount;
  }

  async cancel(principal: Principal, projectUuid: string, queryUuid: string): Promise<void> {
    await this.ownQuery(principal, projectUuid, queryUuid);
    if (await this.history.markCancelled(queryUuid)) {
      this.recent.forget(queryUuid);
      await this.cancellation.cancel(queryUuid);
    }
  }

  /** A query is visible to the user who ran it, in its project, while they may still view the project. */
  private async ownQuery(principal: Principal, projectUuid: string, queryUuid: string): Promise<QueryHistoryEntity> {
    await this.projects.assertViewable(principal, projectUuid);
    const query = await this.history.findInProject(projectUuid, queryUuid);
    if (!query || query.createdByUserUuid !== principal.userUuid)
      throw new NotFoundError(`Query ${queryUuid} does not exist in this project`, { queryUuid });
    return query;
  }

  private async run(
    queryUuid: string,
    planned: PlannedQuery,
    started: number,
    recorded: Promise<void>,
    createdByUserUuid: string,
  ): Promise<void> {
    const { signal, finish } = this.cancellation.start(queryUuid);
    try {
      const result = await this.reader.read(planned, { invalidateCache: true, signal, user: createdByUserUuid });
      await recorded;
      await this.finish(queryUuid, planned, result, started, createdByUserUuid);
    } catch (error) {
      if (signal.aborted) {
        this.logger.log({ queryUuid }, 'Query cancelled');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ queryUuid, err: error }, 'Query failed');
      await this.history
        .markError(queryUuid, message)
        .catch((failure: unknown) => this.logger.error({ queryUuid, err: failure }, 'Could not record a query failure'));
    } finally {
      finish();
    }
  }

  private async finish(
    queryUuid: string,
    planned: PlannedQuery,
    result: ReadResult,
    started: number,
    createdByUserUuid: string,
  ): Promise<void> {
    const fields = planned.compiled.fields;
    let rows: ResultRow[];
    let columns: Record<string, ResultColumn>;
    let pivotDetails: PivotDetails | null = null;
    if (planned.pivot) {
      ({ rows, columns, pivotDetails } = pivotedResultsOf(pivotRows(result.rows, planned.pivot), planned.pivot, fields));
    } else {
      const formatRow = createRowFormatter(fields as Parameters<typeof createRowFormatter>[0]);
      rows = result.rows.map(formatRow);
      columns = resultColumns(fields);
    }
    const initialQueryExecutionMs = Date.now() - started;
    const outcome = { totalResults: rows.length, columns: columns as Record<string, unknown>, pivotDetails, initialQueryExecutionMs };
    const { preAggregate } = preAggregateMetadata(planned);
    const recent: RecentResult = {
      projectUuid: planned.target.project.projectUuid,
      createdByUserUuid,
      rows,
      columns,
      pivotDetails,
      initialQueryExecutionMs,
      saved: false,
      ...(preAggregate ? { preAggregate } : {}),
    };
    if (!this.recent.keep(queryUuid, recent)) {
      // Large results are paged from Redis only: the record says ready once they are there.
      await this.store.save(queryUuid, rows);
      await this.markReady(queryUuid, outcome);
      return;
    }
    // This process serves the pages at once, while Redis is written and the record is marked ready
    // for the others (which say "pending" until then). The write starts once the execute answer is
    // on its way (setImmediate, in the same turn of the event loop): serialising the rows and writing
    // them to Redis would otherwise come before it.
    setImmediate(() => {
      void this.store.save(queryUuid, rows).then(
        () => {
          recent.saved = true;
          return this.markReady(queryUuid, outcome);
        },
        (error: unknown) => this.abandon(queryUuid, error, 'Could not store the results of a finished query', 'stored'),
      );
    });
  }

  /**
   * Never rejects: a query cancelled meanwhile stays cancelled (and is no longer served here); a failed update is recorded as the query's
   * error.
   */
  private async markReady(queryUuid: string, outcome: QueryOutcome): Promise<void> {
    try {
      if (await this.history.markReady(queryUuid, outcome)) return;
      this.recent.forget(queryUuid);
    } catch (error) {
      await this.abandon(queryUuid, error, 'Could not record a finished query', 'recorded');
    }
  }

  /** A finished query whose results could not be kept: no longer served here, its record says why. */
  private async abandon(queryUuid: string, error: unknown, logLine: string, failedStep: 'stored' | 'recorded'): Promise<void> {
    this.recent.forget(queryUuid);
    this.logger.error({ queryUuid, err: error }, logLine);
    await this.history
      .markError(queryUuid, `The query finished, but its results could not be ${failedStep}: run it again`)
      .catch(() => undefined);
  }
}

/** Waits for `work` (which never rejects) to end, or `ms`, whichever comes first. */
async function settledWithin(work: Promise<void>, ms: number): Promise<void> {
  if (ms <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function readyPage(
  queryUuid: string,
  page: Omit<Extract<QueryPage, { status: 'ready' }>, 'status' | 'queryUuid' | 'nextPage' | 'previousPage'>,
): QueryPage {
  return {
    status: 'ready',
    queryUuid,
    ...page,
    pageSize: page.rows.length,
    ...(page.page < page.totalPageCount ? { nextPage: page.page + 1 } : {}),
    ...(page.page > 1 ? { previousPage: page.page - 1 } : {}),
  };
}
