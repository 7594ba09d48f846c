import { hash } from 'node:crypto';

import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { createRedisConnection, whenRedisReady } from '@quarry/server/queue';
import type IORedis from 'ioredis';

export interface CachedResult {
  rows: Array<Record<string, unknown>>;
  cachedAt: string;
  expiresAt: string;
}

export interface CacheKeyParts {
  /** What identifies the warehouse the SQL runs on (kind + non-secret connection fields). */
  warehouse: unknown;
  sql: string;
  params: readonly unknown[];
  timezone: string;
}

/**
 * Warehouse results in Redis, keyed by warehouse + SQL + bound values + time zone, with a TTL.
 * Raw rows are cached (formatting can differ per request); a Redis outage only means misses.
 */
@Injectable()
export class ResultsCache implements OnModuleDestroy {
  private readonly logger = new Logger(ResultsCache.name);
  private readonly redis: IORedis;
  /** Entries set here and not yet in Redis. */
  private readonly writing = new Map<string, CachedResult>();

  constructor(private readonly config: AppConfig) {
    this.redis = createRedisConnection(config.redis.url, 'fail-fast', 'quarry-results-cache');
  }

  keyOf(parts: CacheKeyParts): string {
    const text = JSON.stringify([parts.warehouse, parts.sql, parts.params, parts.timezone], (_, value: unknown) =>
      typeof value === 'bigint' ? `${value}n` : value,
    );
    return `results:${hash('sha256', text, 'hex')}`;
  }

  async get(key: string): Promise<CachedResult | undefined> {
    const writing = this.writing.get(key);
    if (writing) return writing;
    try {
      await whenRedisReady(this.redis);
      const stored = await this.redis.get(this.redisKey(key));
      return stored ? (JSON.parse(stored) as CachedResult) : undefined;
    } catch (error) {
      this.logger.warn({ err: error }, 'Results cache unavailable: reading from the warehouse');
      return undefined;
    }
  }

  /**
   * Caches rows in the background and returns the entry at once. The write (serialising every row)
   * starts once the current answer is on its way (setImmediate); until Redis has it, this process
   * answers reads of the key from memory.
   */
  set(key: string, rows: CachedResult['rows'], now = new Date()): CachedResult {
    const ttlSeconds = this.config.query.cacheTtlSeconds;
    const entry: CachedResult = { rows, cachedAt: now.toISOString(), expiresAt: new Date(now.getTime() + ttlSeconds * 1000).toISOString() };
    if (ttlSeconds > 0) {
      this.writing.set(key, entry);
      setImmediate(() => {
        void this.write(key, entry, ttlSeconds).finally(() => {
          if (this.writing.get(key) === entry) this.writing.delete(key);
        });
      });
    }
    return entry;
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  private async write(key: string, entry: CachedResult, ttlSeconds: number): Promise<void> {
    try {
      await whenRedisReady(this.redis);
      await this.redis.set(this.redisKey(key), JSON.stringify(entry), 'EX', ttlSeconds);
    } catch (error) {
      this.logger.warn({ err: error }, 'Results cache unavailable: result not cached');
    }
  }

  private redisKey(key: string): string {
    return `${this.config.redis.prefix}:${key}`;
  }
}
