import type { PivotDetails } from '@quarry/domain';
import type { ResultRow } from '@quarry/formatting';
import { ExpiringCache } from '@quarry/server/auth';

import type { ResultColumn } from './result-columns';
import type { PreAggregateMetadata } from './warehouse-reader';

/** A v2 query's finished results, as its pages are served. */
export interface RecentResult {
  projectUuid: string;
  createdByUserUuid: string;
  rows: readonly ResultRow[];
  columns: Record<string, ResultColumn>;
  pivotDetails: PivotDetails | null;
  initialQueryExecutionMs: number;
  /** Whether a pre-aggregate served the query, or why not; absent when it was not asked. */
  preAggregate?: PreAggregateMetadata;
  /** Set once Redis holds the rows: until then they cannot have expired there. */
  saved: boolean;
}

/** Results of this many rows or fewer are kept; larger ones are paged from Redis only. */
export const RECENT_RESULT_MAX_ROWS = 5_000;
const RECENT_RESULTS = 200;
/** A client reads the first pages right after the query finishes; later pages come from Redis. */
const RECENT_RESULT_TTL_MS = 60_000;

/**
 * The formatted rows of the v2 queries this process just ran, so that the first pages a client
 * asks this process for are served without reading and parsing every row from Redis (only the
 * results' expiry is checked there). Other processes read Redis, which holds the same rows.
 */
export class RecentResults {
  private readonly results: ExpiringCache<string, RecentResult>;

  constructor(resultsTtlSeconds: number) {
    // Well within Redis's lifetime of the same results.
    this.results = new ExpiringCache(Math.min(RECENT_RESULT_TTL_MS, (resultsTtlSeconds * 1000) / 2), RECENT_RESULTS);
  }

  /** Whether the result is kept (small enough). */
  keep(queryUuid: string, result: RecentResult): boolean {
    if (result.rows.length > RECENT_RESULT_MAX_ROWS) return false;
    this.results.set(queryUuid, result);
    return this.results.get(queryUuid) !== undefined;
  }

  forget(queryUuid: string): void {
    this.results.delete(queryUuid);
  }

  get(queryUuid: string): RecentResult | undefined {
    return this.results.get(queryUuid);
  }
}
