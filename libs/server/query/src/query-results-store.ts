import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ResultRow } from '@quarry/formatting';
import { AppConfig } from '@quarry/server/config';
import { createRedisConnection, whenRedisReady } from '@quarry/server/queue';
import type IORedis from 'ioredis';

const CHUNK = 1000;

/**
 * The formatted rows of v2 queries, one Redis list per query with the results TTL, so any API
 * process can serve any page with one LRANGE. A missing list means the results expired.
 */
@Injectable()
export class QueryResultsStore implements OnModuleDestroy {
  private readonly redis: IORedis;

  constructor(private readonly config: AppConfig) {
    this.redis = createRedisConnection(config.redis.url, 'fail-fast', 'quarry-query-results');
  }

  async save(queryUuid: string, rows: readonly ResultRow[]): Promise<void> {
    await whenRedisReady(this.redis);
    const key = this.key(queryUuid);
    const pipeline = this.redis.multi().del(key);
    for (let start = 0; start < rows.length; start += CHUNK) {
      pipeline.rpush(key, ...rows.slice(start, start + CHUNK).map((row) => JSON.stringify(row)));
    }
    // An empty result still needs a marker that it exists: a list cannot be empty in Redis.
    pipeline.set(this.markerKey(queryUuid), String(rows.length), 'EX', this.config.query.resultsTtlSeconds);
    if (rows.length > 0) pipeline.expire(key, this.config.query.resultsTtlSeconds);
    const replies = await pipeline.exec();
    const failed = replies?.find(([error]) => error !== null);
    if (failed) throw failed[0] as Error;
  }

  /** Whether the results are still kept (not expired); reads no rows. */
  async exists(queryUuid: string): Promise<boolean> {
    await whenRedisReady(this.redis);
    return (await this.redis.exists(this.markerKey(queryUuid))) === 1;
  }

  /** Rows `offset … offset + count - 1`, or undefined when the results expired. */
  async page(queryUuid: string, offset: number, count: number): Promise<ResultRow[] | undefined> {
    await whenRedisReady(this.redis);
    const [[, marker], [, rows]] = (await this.redis
      .multi()
      .get(this.markerKey(queryUuid))
      .lrange(this.key(queryUuid), offset, offset + count - 1)
      .exec()) as [[Error | null, string | null], [Error | null, string[]]];
    if (marker === null) return undefined;
    return rows.map((row) => JSON.parse(row) as ResultRow);
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  private key(queryUuid: string): string {
    return `${this.config.redis.prefix}:query-results:${queryUuid}`;
  }

  private markerKey(queryUuid: string): string {
    return `${this.config.redis.prefix}:query-results:${queryUuid}:count`;
  }
}
