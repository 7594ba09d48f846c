import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { call } from '../support/api-client';
import { privateEnvironment, startApi } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { PrivateRedis } from '../support/private-redis';
import { startApp, waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { ORDERS_BY_STATUS } from '../support/valid-bodies';

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

    // Fails fast: answered while Redis is still down (it resumes only below), not held until it comes back.
    const enqueue = await call(api.baseUrl, 'POST', '/api/v1/org/maintenance/purge-expired', { token: shared.adminToken });
    expect(enqueue.status).toBe(503);
    expect(enqueue.body.error.message).toMatch(/Redis/);
    expect((await call(api.baseUrl, 'GET', '/api/v1/health')).status).toBe(503);

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

describe('Redis restarted under load', () => {
  const shared = sharedQuarry();
  const env = { ...shared.env, QUEUE_PREFIX: `${shared.env['QUEUE_PREFIX']}-redis-load`, LOG_LEVEL: 'info' };
  let redis: PrivateRedis;
  let api: Awaited<ReturnType<typeof startApi>>;
  let worker: ReturnType<typeof startApp>;
  let projectUuid: string;

  const query = ORDERS_BY_STATUS;
  const exportBody = { ...query, columnOrder: [], showTableNames: false, onlyRaw: true };
  // About three seconds of warehouse work (30 ms per order): running while Redis goes away.
  const slowExportBody = {
    ...exportBody,
    dimensions: ['orders_order_id', 'slow'],
    metrics: [],
    sorts: [{ fieldId: 'orders_order_id', descending: false }],
    csvLimit: null,
    customDimensions: [
      {
        id: 'slow',
        name: 'Slow',
        table: 'orders',
        type: 'sql',
        sql: `\${orders.status} || (SELECT '' FROM pg_sleep(0.03 * (\${orders.order_id} > 0)::int))`,
        dimensionType: 'string',
      },
    ],
  };

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
    redis = await PrivateRedis.start({ persistent: true });
    api = await startApi({ ...env, REDIS_URL: redis.url });
    worker = startApp('worker', { ...env, REDIS_URL: redis.url });
    await waitFor('the worker to start', async () => (worker.output().includes('Quarry worker started') ? true : undefined));
  }, 90_000);

  afterAll(async () => {
    await Promise.all([api?.api.stop(), worker?.stop()]);
    await redis?.remove();
  });

  it('answers 503 for queueing while it is down, never a 500, and loses no accepted export', async () => {
    const url = api.baseUrl;
    const token = shared.adminToken;
    const accepted: string[] = [];
    const statuses = new Map<string, number[]>();
    const record = (what: string, status: number) => statuses.set(what, [...(statuses.get(what) ?? []), status]);

    const slow = await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, { token, body: slowExportBody });
    expect(slow.status).toBe(200);
    accepted.push(slow.body.results.jobId);
    await waitFor('the slow export to start', async () =>
      (await call(url, 'GET', `/api/v1/schedulers/job/${slow.body.results.jobId}/status`, { token })).body.results?.status === 'started'
        ? true
        : undefined,
    );

    let loading = true;
    const client = async () => {
      while (loading) {
        const exported = await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
          token,
          body: exportBody,
        });
        record('downloadCsv', exported.status);
        if (exported.status === 200) accepted.push(exported.body.results.jobId);
        record(
          'runQuery',
          (await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token, body: query })).status,
        );
        record('user', (await call(url, 'GET', '/api/v1/user', { token })).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = Promise.all([client(), client(), client()]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await redis.resume();
    await waitFor('health to recover', async () => ((await call(url, 'GET', '/api/v1/health')).status === 200 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    loading = false;
    await load;

    const all = [...statuses.values()].flat();
    expect(all.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.get('downloadCsv')).toContain(503);
    expect(statuses.get('user')?.every((status) => status === 200)).toBe(true);
    expect(api.api.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();

    for (const jobId of accepted) {
      const job = await waitFor(
        `export ${jobId}`,
        async () => {
          const status = await call(url, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token });
          return ['completed', 'error'].includes(status.body.results?.status) ? status.body.results : undefined;
        },
        60_000,
      );
      expect([jobId, job.status]).toEqual([jobId, 'completed']);
      expect(readdirSync(join(shared.dataDir, 'files', 'exports', jobId))).toHaveLength(1);
    }
  }, 150_000);
});
