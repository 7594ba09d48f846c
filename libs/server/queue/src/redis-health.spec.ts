import { createServer, type Server } from 'node:net';

import type { AppConfig } from '@quarry/server/config';

import { RedisHealth } from './redis-health';

const MACHINE_REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

function healthFor(url: string): RedisHealth {
  return new RedisHealth({ redis: { url, prefix: 'unused' } } as AppConfig);
}

/** Integration tier: the machine's Redis, and a port where nothing answers. */
describe('RedisHealth', () => {
  it('reports up for a live Redis', async () => {
    const health = healthFor(MACHINE_REDIS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(health.check()).resolves.toMatchObject({ status: 'up' });
    health.onModuleDestroy();
  });

  it('reports down within its timeout when Redis does not answer', async () => {
    // A TCP server that accepts and never speaks: the worst case, a hung Redis.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const health = healthFor(`redis://127.0.0.1:${port}`);
    const started = Date.now();
    const result = await health.check(500);
    expect(result.status).toBe('down');
    expect(Date.now() - started).toBeLessThan(2_000);
    health.onModuleDestroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
