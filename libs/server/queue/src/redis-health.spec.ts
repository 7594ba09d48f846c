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
    // A hung Redis: it sets the connection up (ready check, client name), then never answers a PING.
    const hung: Server = createServer((socket) =>
      socket.on('data', (chunk: Buffer) => {
        for (const word of chunk.toString().split('\r\n')) {
          if (word.toUpperCase() === 'INFO') socket.write('$11\r\nloading:0\r\n\r\n');
          else if (['CLIENT', 'SELECT'].includes(word.toUpperCase())) socket.write('+OK\r\n');
        }
      }),
    );
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as { port: number }).port;
    const health = healthFor(`redis://127.0.0.1:${port}`);
    // Until the connection is ready, a check fails at once without sending anything; then its PING goes unanswered.
    const result = await waitFor('a check over the ready connection', async () => {
      const checked = await health.check(500);
      return checked.error?.includes("isn't writeable") ? undefined : checked;
    });
    expect(result).toMatchObject({ status: 'down', error: 'no answer within 500 ms' });
    health.onModuleDestroy();
    await new Promise((resolve) => hung.close(resolve));
  });
});
