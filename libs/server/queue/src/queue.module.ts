import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { ALL_QUEUE_NAMES } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';

import { JobProducer } from './job-producer';
import { createRedisConnection } from './redis-connection';
import { RedisHealth } from './redis-health';

/**
 * BullMQ on the configured Redis, every queue of the contracts registered.
 * `producer`: the API, whose requests must fail fast when Redis is down.
 * `worker`: the worker, whose connections wait out an outage.
 */
@Module({})
export class QueueModule {
  static forRoot(kind: 'producer' | 'worker'): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
        BullModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            connection: createRedisConnection(config.redis.url, kind === 'worker' ? 'worker' : 'fail-fast', `quarry-${kind}`),
            prefix: config.redis.prefix,
          }),
        }),
        BullModule.registerQueue(...ALL_QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [JobProducer, RedisHealth],
      exports: [BullModule, JobProducer, RedisHealth],
    };
  }
}
