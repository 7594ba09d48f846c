import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { AccessChangesRepository } from '@quarry/server/database';
import { createRedisConnection, whenRedisReady } from '@quarry/server/queue';
import type IORedis from 'ioredis';

import { AccessChangeLogWatch } from './access-change-log-watch';

/**
 * What a change makes stale: `tokens` (a token revoked, a user's organization role or membership
 * changed), `roles` (project or group access), `projects` (a project compiled, changed or deleted),
 * `preAggregates` (a pre-aggregate build was swapped in, or definitions changed).
 */
export type AccessScope = 'tokens' | 'roles' | 'projects' | 'preAggregates';
const SCOPES: readonly string[] = ['tokens', 'roles', 'projects', 'preAggregates'] satisfies AccessScope[];
const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * Tells every process's in-process caches (tokens, roles, projects) that something changed: the
 * announcing process clears its own at once, the others on a Redis channel. Every change to the
 * tables behind them, made by Quarry or not (SQL), is also written to the access change log by
 * triggers, which each process reads every ACCESS_CHANGES_POLL_MS: a message lost in a Redis
 * outage, or a change made outside Quarry, reaches the caches within that. The caches' own
 * lifetime, ACCESS_CACHE_TTL_MS, bounds the rest (the log not read).
 */
@Injectable()
export class AccessChanges implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AccessChanges.name);
  private readonly listeners = new Map<AccessScope, Array<() => void>>();
  private readonly publisher: IORedis;
  private readonly subscriber: IORedis;
  private readonly channel: string;
  private readonly watch: AccessChangeLogWatch | undefined;
  private readonly pollMs: number;

  /** Without the log (a service built by hand in a test) only announcements and lifetimes apply. */
  constructor(config: AppConfig, @Optional() log?: AccessChangesRepository) {
    this.pollMs = config.accessCache.pollMs ?? 0;
    this.watch =
      log && this.pollMs > 0
        ? new AccessChangeLogWatch(
            log,
            SCOPES,
            (scope) => this.notify(scope as AccessScope),
            (error) => {
              if (error === undefined) this.logger.log('The access change log answers again: access caches are kept again');
              else this.logger.warn({ err: error }, 'Could not read the access change log: access caches are cleared until it answers');
            },
          )
        : undefined;
    this.publisher = createRedisConnection(config.redis.url, 'fail-fast', 'quarry-access-changes');
    // A subscriber must outlive outages and resubscribe by itself.
    this.subscriber = createRedisConnection(config.redis.url, 'worker', 'quarry-access-changes-listener');
    this.channel = `${config.redis.prefix}:access-changes`;
  }

  /** Resolves once this process hears announcements (or failed to subscribe: then only the caches' lifetime bounds staleness). */
  subscribed: Promise<void> = Promise.resolve();

  async onModuleInit(): Promise<void> {
    this.subscriber.on('message', (channel: string, scope: string) => {
      if (channel === this.channel && SCOPES.includes(scope)) this.notify(scope as AccessScope);
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: unknown) => this.logger.warn({ err: error }, 'Could not subscribe to access changes'),
    );
    await this.watch?.start(this.pollMs);
    // A process serves requests once it hears changes, but starts without Redis (the subscription then comes when Redis does).
    await whenRedisReady(this.subscriber, SUBSCRIBE_WAIT_MS);
    await Promise.race([this.subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
  }

  /** Registers what to clear when `scope` changes, in this process or another. */
  onChange(scope: AccessScope, clear: () => void): void {
    this.listeners.set(scope, [...(this.listeners.get(scope) ?? []), clear]);
  }

  /** Call after the change is committed: this process forgets at once, the others when the message arrives. */
  async announce(scope: AccessScope): Promise<void> {
    this.notify(scope);
    try {
      await whenRedisReady(this.publisher);
      await this.publisher.publish(this.channel, scope);
    } catch (error) {
      this.logger.warn({ err: error, scope }, 'Could not announce an access change to other processes');
    }
  }

  onModuleDestroy(): void {
    this.watch?.stop();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  private notify(scope: AccessScope): void {
    for (const clear of this.listeners.get(scope) ?? []) clear();
  }
}
