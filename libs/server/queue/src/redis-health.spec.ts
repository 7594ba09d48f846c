import { createServer, type Server } from 'node:net';

import type { AppConfig } from '@quarry/server/config';
import { waitFor } from '@quarry/testing';

import { RedisHealth } from './redis-health';

const MACHINE_REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

function healthFor(url: string): RedisHealth {
  return new RedisHealth({ redis: { url, prefix: 'unused' } } as AppConfig);
}

/** Integration tier: the machine's Redis, and a port where nothing answers. */
describe('RedisHealth', () => {
  it('reports up for a live Redis', async () => {
    const health = healthFor(MACHINE_REDIS);
    // The fail-fast connection refuses commands until it is connected: checked again until then, not after a guessed delay.
    await expect(
      waitFor('Redis health to report up', async () => {
        const result = await health.check();
        return result.status === 'up' ? result : undefined;
      }),
    ).resolves.toMatchObject({ status: 'up' });
    health.onModuleDestroy();
  });

  it('reports down within its timeout when Redis does not answer', async () => {
    // A TCP server that accepts and never speaks: the worst case, a hung Redis.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const health = healthFor(`redis://127.0.0.1:${port}`);
    // Without its timeout the ping would wait forever on this server: a 'down' answer is the timeout's.
    const result = await health.check(500);
    expect(result).toMatchObject({ status: 'down', error: 'no answer within 500 ms' });
    health.onModuleDestroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
