import IORedis from 'ioredis';

import { MACHINE_REDIS_URL } from './private-environment';

/** Removes what a run's private queue prefix left in the shared Redis. */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new IORedis(MACHINE_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
