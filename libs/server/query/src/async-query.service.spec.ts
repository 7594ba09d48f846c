import type { Principal } from '@quarry/domain';
import type { AppConfig } from '@quarry/server/config';
import type { QueryHistoryEntity, QueryHistoryRepository, QueryOutcome } from '@quarry/server/database';
import type { ProjectsService } from '@quarry/server/projects';

import { AsyncQueryService } from './async-query.service';
import type { QueryCancellation } from './query-cancellation';
import type { QueryPlanner } from './query-planner';
import type { QueryResultsStore } from './query-results-store';
import type { WarehouseReader } from './warehouse-reader';

const principal = { userUuid: 'user-1', email: 'a@b.c' } as Principal;
const projectUuid = 'project-1';
const fields = { orders_status: { fieldType: 'dimension', type: 'string', name: 'status', table: 'orders' } };

/** A record's state changes happen when the test says, like a slow metadata database. */
class ControlledHistory {
  readonly rows = new Map<string, Partial<QueryHistoryEntity>>();
  private pendingUpdates: Array<() => void> = [];

  async create(query: { queryUuid: string; projectUuid: string; createdByUserUuid: string }): Promise<void> {
    this.rows.set(query.queryUuid, { ...query, status: 'pending' });
  }

  markReady(queryUuid: string, outcome: QueryOutcome): Promise<boolean> {
    return new Promise((resolve) => {
      this.pendingUpdates.push(() => {
        const row = this.rows.get(queryUuid);
        if (row?.status !== 'pending') return resolve(false);
        Object.assign(row, { status: 'ready', totalResults: outcome.totalResults, columns: outcome.columns });
        resolve(true);
      });
    });
  }

  async markCancelled(queryUuid: string): Promise<boolean> {
    const row = this.rows.get(queryUuid);
    if (row?.status !== 'pending') return false;
    row.status = 'cancelled';
    return true;
  }

  async markError(queryUuid: string, error: string): Promise<boolean> {
    const row = this.rows.get(queryUuid);
    if (row?.status !== 'pending') return false;
    Object.assign(row, { status: 'error', error });
    return true;
  }

  async findInProject(project: string, queryUuid: string): Promise<Partial<QueryHistoryEntity> | null> {
    const row = this.rows.get(queryUuid);
    return row?.projectUuid === project ? row : null;
  }

  /** Applies the updates the service is waiting for. */
  settle(): void {
    for (const update of this.pendingUpdates.splice(0)) update();
  }
}

/** Redis writes that finish (or fail) when the test says. */
class ControlledStore {
  readonly saved = new Set<string>();
  private pending: Array<{ queryUuid: string; resolve: () => void; reject: (error: Error) => void }> = [];

  save(queryUuid: string): Promise<void> {
    return new Promise((resolve, reject) => this.pending.push({ queryUuid, resolve, reject }));
  }

  async exists(queryUuid: string): Promise<boolean> {
    return this.saved.has(queryUuid);
  }

  async page(): Promise<undefined> {
    return undefined;
  }

  finishSaves(): void {
    for (const save of this.pending.splice(0)) {
      this.saved.add(save.queryUuid);
      save.resolve();
    }
  }

  failSaves(): void {
    for (const save of this.pending.splice(0)) save.reject(new Error('Redis is gone'));
  }
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

function service(history: ControlledHistory, controlledStore?: ControlledStore): AsyncQueryService {
  const planned = {
    target: { project: { projectUuid } },
    compiled: { fields, warnings: [], parameterReferences: [] },
    pivot: null,
    cacheKey: 'results:k',
    preAggregate: undefined,
  };
  const planner = { plan: async () => planned } as unknown as QueryPlanner;
  const reader = {
    cached: async () => undefined,
    read: async () => ({ rows: [{ orders_status: 'placed' }, { orders_status: 'shipped' }], cacheMetadata: { cacheHit: false } }),
  } as unknown as WarehouseReader;
  const saved = new Set<string>();
  const store = (controlledStore ?? {
    save: async (queryUuid: string) => void saved.add(queryUuid),
    exists: async (queryUuid: string) => saved.has(queryUuid),
    page: async () => undefined,
  }) as unknown as QueryResultsStore;
  const cancellation = {
    start: () => ({ signal: new AbortController().signal, finish: () => undefined }),
    cancel: async () => undefined,
  } as unknown as QueryCancellation;
  const projects = { assertViewable: async () => undefined } as unknown as ProjectsService;
  const config = { query: { resultsTtlSeconds: 3600, readyWaitMs: 1_000, cacheTtlSeconds: 60, maxPageSize: 5000 } } as AppConfig;
  return new AsyncQueryService(planner, reader, history as unknown as QueryHistoryRepository, store, cancellation, projects, config);
}

const request = {
  query: { exploreName: 'orders', dimensions: ['orders_status'], metrics: [], filters: {}, sorts: [], limit: 10, tableCalculations: [] },
};

describe('AsyncQueryService', () => {
  it('serves a finished query from this process before its record is marked ready', async () => {
    const history = new ControlledHistory();
    const queries = service(history);
    const { queryUuid } = await queries.execute(principal, projectUuid, request);
    expect(history.rows.get(queryUuid)?.status).toBe('pending');
    await expect(queries.results(principal, projectUuid, queryUuid)).resolves.toMatchObject({
      status: 'ready',
      totalResults: 2,
      rows: [{ orders_status: { value: { raw: 'placed' } } }, expect.anything()],
    });
    // Redis is written once the execute answer is on its way; then the record is updated.
    await settled();
    history.settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(history.rows.get(queryUuid)?.status).toBe('ready');
  });

  it('stops serving a query that was cancelled before its record could be marked ready', async () => {
    const history = new ControlledHistory();
    const queries = service(history);
    const { queryUuid } = await queries.execute(principal, projectUuid, request);
    await queries.cancel(principal, projectUuid, queryUuid);
    await expect(queries.results(principal, projectUuid, queryUuid)).resolves.toEqual({ status: 'cancelled', queryUuid });
    history.settle();
    await new Promise((resolve) => setImmediate(resolve));
    await expect(queries.results(principal, projectUuid, queryUuid)).resolves.toEqual({ status: 'cancelled', queryUuid });
  });

  it('serves a finished query from this process while Redis is still written, and marks its record ready only once Redis holds the rows', async () => {
    const history = new ControlledHistory();
    const store = new ControlledStore();
    const queries = service(history, store);
    const { queryUuid } = await queries.execute(principal, projectUuid, request);
    await expect(queries.results(principal, projectUuid, queryUuid)).resolves.toMatchObject({ status: 'ready', totalResults: 2 });
    history.settle();
    await settled();
    expect(history.rows.get(queryUuid)?.status).toBe('pending');
    store.finishSaves();
    await settled();
    history.settle();
    await settled();
    expect(history.rows.get(queryUuid)?.status).toBe('ready');
    // Once written, the rows expire with Redis's copy.
    store.saved.delete(queryUuid);
    await expect(queries.results(principal, projectUuid, queryUuid)).rejects.toMatchObject({ name: 'ExpiredError' });
  });

  it('stops serving a query whose rows could not be written to Redis and records the failure', async () => {
    const history = new ControlledHistory();
    const store = new ControlledStore();
    const queries = service(history, store);
    const { queryUuid } = await queries.execute(principal, projectUuid, request);
    // The write starts once the execute answer is on its way.
    await settled();
    store.failSaves();
    await settled();
    expect(history.rows.get(queryUuid)).toMatchObject({ status: 'error', error: expect.stringContaining('could not be stored') });
    await expect(queries.results(principal, projectUuid, queryUuid)).resolves.toMatchObject({ status: 'error', queryUuid });
  });
});
