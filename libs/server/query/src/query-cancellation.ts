import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { createRedisConnection, whenRedisReady } from '@quarry/server/queue';
import type IORedis from 'ioredis';

/**
 * Cancels running v2 queries across API processes: a cancel is published on a Redis channel, and
 * the process running that query aborts it, which cancels it in the warehouse.
 */
@Injectable()
export class QueryCancellation implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(QueryCancellation.name);
  private readonly running = new Map<string, AbortController>();
  private readonly publisher: IORedis;
  private readonly subscriber: IORedis;
  private readonly channel: string;

  constructor(config: AppConfig) {
    this.publisher = createRedisConnection(config.redis.url, 'fail-fast', 'quarry-query-cancel');
    // A subscriber connection must outlive outages and resubscribe by itself.
    this.subscriber = createRedisConnection(config.redis.url, 'worker', 'quarry-query-cancel-listener');
    this.channel = `${config.redis.prefix}:query-cancel`;
  }

  async onModuleInit(): Promise<void> {
    this.subscriber.on('message', (channel: string, queryUuid: string) => {
      if (channel === this.channel) this.running.get(queryUuid)?.abort();
    });
    await this.subscriber.subscribe(this.channel);
  }

  /** Registers a query run by this process; `finish` must be called when it ends. */
  start(queryUuid: string): { signal: AbortSignal; finish: () => void } {
    const controller = new AbortController();
    this.running.set(queryUuid, controller);
    return { signal: controller.signal, finish: () => this.running.delete(queryUuid) };
  }

  async cancel(queryUuid: string): Promise<void> {
    this.running.get(queryUuid)?.abort();
    try {
      await whenRedisReady(this.publisher);
      await this.publisher.publish(this.channel, queryUuid);
    } catch (error) {
      this.logger.warn({ err: error, queryUuid }, 'Could not publish a query cancel to other processes');
    }
  }

  onModuleDestroy(): void {
    for (const controller of this.running.values()) controller.abort();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
