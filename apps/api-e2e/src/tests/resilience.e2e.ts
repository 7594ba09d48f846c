import { call } from '../support/api-client';
import { privateEnvironment, startApi } from '../support/environment';
import { PrivateRedis } from '../support/private-redis';
import { startApp, waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';

describe('when Redis goes away', () => {
  const shared = sharedQuarry();
  let redis: PrivateRedis;
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    // Same database as the shared Quarry (its admin token works), but a Redis of this test's own.
    api = await startApi({ ...shared.env, REDIS_URL: redis.url });
  });

  afterAll(async () => {
    await api?.api.stop();
    await redis?.stop();
  });

  it('reports 503 with the failing component, fails job submission fast, and recovers without a restart', async () => {
    expect((await call(api.baseUrl, 'GET', '/api/v1/health')).status).toBe(200);

    await redis.stop();
    const down = await waitFor('health to notice Redis is down', async () => {
      const response = await call(api.baseUrl, 'GET', '/api/v1/health');
      return response.status === 503 ? response : undefined;
    });
    expect(down.body).toMatchObject({
      status: 'error',
      error: { statusCode: 503, name: 'ServiceUnavailableError', data: { redis: { status: 'down' }, metadataDb: { status: 'up' } } },
    });

    const started = Date.now();
    const enqueue = await call(api.baseUrl, 'POST', '/api/v1/org/maintenance/purge-expired', { token: shared.adminToken });
    expect(enqueue.status).toBe(503);
    expect(enqueue.body.error.message).toMatch(/Redis/);
    expect(Date.now() - started).toBeLessThan(5_000);

    await redis.resume();
    await waitFor('health to recover', async () => ((await call(api.baseUrl, 'GET', '/api/v1/health')).status === 200 ? true : undefined));
    expect(api.api.child.exitCode).toBeNull();
    const again = await call(api.baseUrl, 'POST', '/api/v1/org/maintenance/purge-expired', { token: shared.adminToken });
    expect(again.status).toBe(200);
  });
});

describe('bad configuration', () => {
  it('stops the API at boot with a message naming the variable', async () => {
    const { env, database } = await privateEnvironment({ PORT: 'eighty', LOG_LEVEL: 'shouty' });
    try {
      const api = startApp('api', env);
      expect(await api.exited).toBe(1);
      expect(api.output()).toMatch(/PORT must be/);
      expect(api.output()).toMatch(/LOG_LEVEL must be one of/);
    } finally {
      await database.drop();
    }
  });

  it('stops the worker at boot when DATABASE_URL is missing', async () => {
    const worker = startApp('worker', { REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/DATABASE_URL is required/);
  });
});
