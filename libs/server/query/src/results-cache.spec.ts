import { randomUUID } from 'node:crypto';

import type { AppConfig } from '@quarry/server/config';

import { type CacheKeyParts, ResultsCache } from './results-cache';

const MACHINE_REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Integration tier: the machine's Redis under a prefix of this run's own. */
describe('ResultsCache', () => {
  const config = { redis: { url: MACHINE_REDIS, prefix: `quarry-test-${randomUUID()}` }, query: { cacheTtlSeconds: 60 } } as AppConfig;
  const cache = new ResultsCache(config);
  const parts: CacheKeyParts = { warehouse: { type: 'duckdb', path: 'a.duckdb' }, sql: 'SELECT $1', params: ['x'], timezone: 'UTC' };

  afterAll(() => cache.onModuleDestroy());

  it('keys by warehouse, SQL, bound values and time zone', () => {
    const key = cache.keyOf(parts);
    expect(cache.keyOf({ ...parts })).toBe(key);
    expect(cache.keyOf({ ...parts, warehouse: { type: 'duckdb', path: 'b.duckdb' } })).not.toBe(key);
    expect(cache.keyOf({ ...parts, sql: 'SELECT $1 ' })).not.toBe(key);
    expect(cache.keyOf({ ...parts, params: ['y'] })).not.toBe(key);
    expect(cache.keyOf({ ...parts, timezone: 'Europe/Paris' })).not.toBe(key);
  });

  it('returns what was stored, with its time and expiry', async () => {
    const key = cache.keyOf({ ...parts, sql: randomUUID() });
    await expect(cache.get(key)).resolves.toBeUndefined();
    const now = new Date('2026-01-01T00:00:00.000Z');
    const stored = cache.set(key, [{ a: 1, b: 'two', c: null }], now);
    expect(stored).toEqual({
      rows: [{ a: 1, b: 'two', c: null }],
      cachedAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-01T00:01:00.000Z',
    });
    await expect(cache.get(key)).resolves.toEqual(stored);
  });

  it('writes the entry to Redis after the current answer, where another process reads it', async () => {
    const other = new ResultsCache(config);
    try {
      const key = cache.keyOf({ ...parts, sql: randomUUID() });
      const stored = cache.set(key, [{ a: 2 }]);
      // Not yet written (the write waits for setImmediate), but served here from memory.
      await expect(cache.get(key)).resolves.toBe(stored);
      let read: unknown;
      for (let attempt = 0; attempt < 100 && read === undefined; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        read = await other.get(key);
      }
      expect(read).toEqual(stored);
    } finally {
      other.onModuleDestroy();
    }
  });
});
