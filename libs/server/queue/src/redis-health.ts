import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { withTimeout } from '@quarry/server/database';
import type IORedis from 'ioredis';

import { createRedisConnection } from './redis-connection';

export interface RedisComponentHealth {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

/** Pings Redis on its own fail-fast connection, which reconnects by itself after an outage. */
@Injectable()
export class RedisHealth implements OnModuleDestroy {
  private readonly client: IORedis;

  constructor(config: AppConfig) {
    this.client = createRedisConnection(config.redis.url, 'fail-fast', 'quarry-health');
  }

  async check(timeoutMs = 1_500): Promise<RedisComponentHealth> {
    const started = Date.now();
    try {
      await withTimeout(this.client.ping(), timeoutMs);
      return { status: 'up', latencyMs: Date.now() - started };
    } catch (error) {
      return { status: 'down', latencyMs: Date.now() - started, error: (error as Error).message };
    }
  }

  onModuleDestroy(): void {
    this.client.disconnect();
  }
}
