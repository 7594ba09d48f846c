import { Injectable } from '@nestjs/common';
import { withColumnNames } from '@quarry/compiler';
import { AppConfig } from '@quarry/server/config';
import { WarehouseAccess } from '@quarry/server/projects';

import type { PlannedQuery } from './query-planner';
import { type CachedResult, ResultsCache } from './results-cache';

export interface CacheMetadata {
  cacheHit: boolean;
  cacheKey: string;
  cacheUpdatedTime: string;
  cacheExpiresAt: string;
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
  ) {}

  /** The cached result, if any and not bypassed. */
  async cached(planned: PlannedQuery, invalidateCache = false): Promise<ReadResult | undefined> {
    if (invalidateCache) return undefined;
    const entry = await this.cache.get(planned.cacheKey);
    return entry ? { rows: entry.rows, cacheMetadata: metadata(planned.cacheKey, entry, true) } : undefined;
  }

  async read(planned: PlannedQuery, options: { invalidateCache?: boolean; signal?: AbortSignal } = {}): Promise<ReadResult> {
    const hit = await this.cached(planned, options.invalidateCache);
    if (hit) return hit;
    const { rows } = await this.warehouses.with(planned.target.warehouse, (adapter) =>
      adapter.runQuery(planned.sql, planned.compiled.params, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(planned.timezone ? { timezone: planned.timezone } : {}),
        timeoutMs: this.config.query.timeoutMs,
      }),
    );
    // Cached under the field ids, so every reader (and a later cache hit) sees the same keys.
    const entry = this.cache.set(planned.cacheKey, rows.map((row) => withColumnNames(row, planned.columnNames)));
    return { rows: entry.rows, cacheMetadata: metadata(planned.cacheKey, entry, false) };
  }
}

function metadata(cacheKey: string, entry: CachedResult, cacheHit: boolean): CacheMetadata {
  return { cacheHit, cacheKey, cacheUpdatedTime: entry.cachedAt, cacheExpiresAt: entry.expiresAt };
}
