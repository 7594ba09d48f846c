import { Injectable } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';

import { QuerySlots } from './query-slots';

/**
 * This process's turns for warehouse queries (QuerySlots), sized by QUERY_MAX_CONCURRENT_PER_USER, QUERY_MAX_QUEUED_PER_USER and
 * DUCKDB_MAX_CONCURRENT_QUERIES.
 */
@Injectable()
export class UserQuerySlots extends QuerySlots {
  constructor(config: AppConfig) {
    super({
      perUser: config.query.maxConcurrentPerUser,
      queuedPerUser: config.query.maxQueuedPerUser,
      embedded: config.query.duckDbMaxConcurrent,
    });
  }
}
