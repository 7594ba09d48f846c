import { Injectable } from '@nestjs/common';
import { withColumnNames } from '@quarry/compiler';
import { AppConfig } from '@quarry/server/config';
import { RollupEngine } from '@quarry/server/pre-aggregates';
import { WarehouseAccess } from '@quarry/server/projects';

import type { PlannedQuery } from './query-planner';
import { type CachedResult, ResultsCache } from './results-cache';
import { UserQuerySlots } from './user-query-slots';

/** Whether a pre-aggregate served a query: `{ hit: true, name }`, or `{ hit: false, reason, name? }` (the closest one). */
export interface PreAggregateMetadata {
  hit: boolean;
  name?: string;
  reason?: string;
}

export interface CacheMetadata {
  cacheHit: boolean;
  cacheKey: string;
  cacheUpdatedTime: string;
  cacheExpiresAt: string;
  /**
   * Present when the request could be answered from a pre-aggregate (E4, E12): `hit` and its
   * `name` when one served it, else the `reason` none did (and the closest one's `name`, if any).
   */
  preAggregate?: PreAggregateMetadata;
}

export interface ReadResult {
  rows: CachedResult['rows'];
  cacheMetadata: CacheMetadata;
}

/** Reads a planned query's raw rows from the results cache, else from the warehouse (then caches them). */
@Injectable()
export class WarehouseReader {
  constructor(
    private readonly warehouses: WarehouseAccess,
    private readonly cache: ResultsCache,
    private readonly config: AppConfig,
    private readonly rollups: RollupEngine,
    private readonly slots: UserQuerySlots,
  ) {}

  /** The cached result, if any and not bypassed. */
  async cached(planned: PlannedQuery, invalidateCache = false): Promise<ReadResult | undefined> {
    if (invalidateCache) return undefined;
    const entry = await this.cache.get(planned.cacheKey);
    return entry ? { rows: entry.rows, cacheMetadata: metadata(planned, entry, true) } : undefined;
  }

  /** `user`: whose turn the warehouse query takes (UserQuerySlots); a cache hit takes none. */
  async read(planned: PlannedQuery, options: { invalidateCache?: boolean; signal?: AbortSignal; user: string }): Promise<ReadResult> {
    const hit = await this.cached(planned, options.invalidateCache);
    if (hit) return hit;
    const embedded = planned.rollup !== null || planned.target.warehouse.type === 'duckdb';
    return this.slots.run({ user: options.user, embedded, signal: options.signal }, () => this.fromWarehouse(planned, options.signal));
  }

  private async fromWarehouse(planned: PlannedQuery, signal: AbortSignal | undefined): Promise<ReadResult> {
    const queryOptions = {
      ...(signal ? { signal } : {}),
      ...(planned.timezone ? { timezone: planned.timezone } : {}),
      timeoutMs: this.config.query.timeoutMs,
    };
    // A query a pre-aggregate answers runs on this process's embedded DuckDB over the rollup file
    // (the project's own sandbox: it reaches no other project's rollups), in UTC: the rollup's buckets are UTC, and the matcher only serves
    // zones that do not move them.
    const { rows } = planned.rollup
      ? await this.rollups.runQuery(planned.target.project.projectUuid, planned.sql, planned.params, { ...queryOptions, timezone: 'UTC' })
      : await this.warehouses.with(planned.target.warehouse, planned.target.project.organizationUuid, (adapter) =>
          adapter.runQuery(planned.sql, planned.params, queryOptions),
        );
    // Cached under the field ids, so every reader (and a later cache hit) sees the same keys.
    const entry = this.cache.set(
      planned.cacheKey,
      rows.map((row) => withColumnNames(row, planned.columnNames)),
    );
    return { rows: entry.rows, cacheMetadata: metadata(planned, entry, false) };
  }
}

function metadata(planned: PlannedQuery, entry: CachedResult, cacheHit: boolean): CacheMetadata {
  return {
    cacheHit,
    cacheKey: planned.cacheKey,
    cacheUpdatedTime: entry.cachedAt,
    cacheExpiresAt: entry.expiresAt,
    ...preAggregateMetadata(planned),
  };
}

/** What cacheMetadata says about pre-aggregates for a planned query (nothing when it was not asked). */
export function preAggregateMetadata(planned: PlannedQuery): Pick<CacheMetadata, 'preAggregate'> {
  const use = planned.preAggregate;
  if (!use) return {};
  return {
    preAggregate: use.hit ? { hit: true, name: use.name } : { hit: false, ...(use.name ? { name: use.name } : {}), reason: use.reason },
  };
}
