import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { Client } from 'pg';

import { call } from '../support/api-client';
import { startApi } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { type RunningProcess, startApp, waitFor } from '../support/processes';
import { deleteRedisPrefix } from '../support/redis-prefix';
import { sharedQuarry } from '../support/shared-quarry';
import { ORDERS_BY_STATUS } from '../support/valid-bodies';

const shared = sharedQuarry();
const { adminToken } = shared;

const byStatus = ORDERS_BY_STATUS;

/** About a second of warehouse work per export (10 ms per order), so that one worker cannot take them all. */
const slowExport = {
  ...byStatus,
  dimensions: ['orders_order_id', 'slow'],
  metrics: [],
  sorts: [{ fieldId: 'orders_order_id', descending: false }],
  customDimensions: [
    {
      id: 'slow',
      name: 'Slow',
      table: 'orders',
      type: 'sql',
      sql: `\${orders.status} || (SELECT '' FROM pg_sleep(0.01 * (\${orders.order_id} > 0)::int))`,
      dimensionType: 'string',
    },
  ],
  columnOrder: [],
  showTableNames: false,
  onlyRaw: true,
  csvLimit: null,
};

/** jobIds a worker logged as completed (pino JSON lines at info level). */
function completedJobs(worker: RunningProcess): string[] {
  return worker
    .output()
    .split('\n')
    .filter((line) => line.includes('"Job completed"'))
    .map((line) => (JSON.parse(line) as { jobId: string }).jobId);
}

describe('two APIs and two workers on one Redis and one PostgreSQL', () => {
  // Same database as the shared Quarry (its admin token works), a queue prefix of their own.
  const env = { ...shared.env, QUEUE_PREFIX: `${shared.env['QUEUE_PREFIX']}-scale`, LOG_LEVEL: 'info', WORKER_CONCURRENCY: '1' };
  const apis: string[] = [];
  const processes: RunningProcess[] = [];
  const workers: RunningProcess[] = [];
  let projectUuid: string;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
    for (const started of await Promise.all([startApi(env), startApi(env)])) {
      apis.push(started.baseUrl);
      processes.push(started.api);
    }
    workers.push(startApp('worker', env), startApp('worker', env));
    await waitFor('both workers to start', async () =>
      workers.every((worker) => worker.output().includes('Quarry worker started')) ? true : undefined,
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all([...processes, ...workers].map((process) => process.stop()));
    await deleteRedisPrefix(env.QUEUE_PREFIX);
  });

  it('spreads exports over both workers, runs each exactly once, one file each, downloadable from either API', async () => {
    const jobIds: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const started = await call(apis[i % 2] as string, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: adminToken,
        body: slowExport,
      });
      expect(started.status).toBe(200);
      jobIds.push(started.body.results.jobId);
    }
    const finished = await Promise.all(
      jobIds.map((jobId, i) =>
        waitFor(
          `export ${jobId}`,
          async () => {
            const status = await call(apis[(i + 1) % 2] as string, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: adminToken });
            if (status.body.results?.status === 'error') throw new Error(JSON.stringify(status.body.results));
            return status.body.results?.status === 'completed' ? status.body.results : undefined;
          },
          60_000,
        ),
      ),
    );
    for (const job of finished) expect(job.details).toMatchObject({ truncated: false, progress: { rowsWritten: 99 } });

    // (The workers also log the repeatable maintenance job.)
    const ranBy = workers.map((worker) => completedJobs(worker).filter((jobId) => jobIds.includes(jobId)));
    // Each job completed exactly once, across both workers, and each worker ran some.
    expect([...(ranBy[0] ?? []), ...(ranBy[1] ?? [])].sort()).toEqual([...jobIds].sort());
    expect(Math.min(...ranBy.map((ids) => ids.length))).toBeGreaterThan(0);

    const metadata = new Client({ connectionString: shared.env['DATABASE_URL'] });
    await metadata.connect();
    try {
      const attempts = await metadata.query('SELECT job_uuid, attempts FROM jobs WHERE job_uuid = ANY($1::uuid[])', [jobIds]);
      expect(attempts.rows.map((row: { attempts: number }) => row.attempts)).toEqual(jobIds.map(() => 1));
    } finally {
      await metadata.end();
    }
    for (const [i, jobId] of jobIds.entries()) {
      expect(readdirSync(join(shared.dataDir, 'files', 'exports', jobId))).toHaveLength(1);
      const file = await fetch(`${apis[i % 2]}${new URL(finished[i].details.fileUrl).pathname}`, {
        headers: { authorization: `ApiKey ${adminToken}` },
      });
      expect(file.status).toBe(200);
      expect((await file.text()).trim().split('\n')).toHaveLength(100);
    }
  }, 120_000);

  it('serves v2 query results, the results cache and cancellation from either API', async () => {
    const [first, second] = apis as [string, string];
    const executed = await call(first, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
      token: adminToken,
      body: { query: byStatus, invalidateCache: true },
    });
    expect(executed.status).toBe(200);
    const { queryUuid } = executed.body.results;
    const page = await waitFor('the results, from the other API', async () => {
      const response = await call(second, 'GET', `/api/v2/projects/${projectUuid}/query/${queryUuid}`, { token: adminToken });
      return response.body.results?.status === 'ready' ? response.body.results : undefined;
    });
    expect(page.rows.map((row: Record<string, { value: { raw: unknown } }>) => row['orders_status']?.value.raw)).toEqual([
      'completed',
      'placed',
      'return_pending',
      'returned',
      'shipped',
    ]);

    const run = (url: string) =>
      call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: adminToken, body: { ...byStatus, limit: 7 } });
    const fresh = await run(first);
    expect((await run(second)).body.results.cacheMetadata).toMatchObject({
      cacheHit: true,
      cacheKey: fresh.body.results.cacheMetadata.cacheKey,
    });

    // A slow query started on one API and cancelled through the other stops in the warehouse.
    const marker = `quarry_scale_cancel_${Date.now()}`;
    const slow = await call(first, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
      token: adminToken,
      body: {
        query: {
          ...byStatus,
          dimensions: ['slow'],
          sorts: [],
          customDimensions: [
            {
              id: 'slow',
              name: 'Slow',
              table: 'orders',
              type: 'sql',
              sql: `\${orders.status} || (SELECT '${marker}' FROM pg_sleep(1))`,
              dimensionType: 'string',
            },
          ],
        },
        invalidateCache: true,
      },
    });
    const running = async () => {
      const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await client.connect();
      try {
        return (
          (
            await client.query(
              `SELECT 1 FROM pg_stat_activity WHERE query LIKE '%${marker}%' AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`,
            )
          ).rowCount ?? 0
        );
      } finally {
        await client.end();
      }
    };
    await waitFor('the slow query to reach the warehouse', async () => ((await running()) > 0 ? true : undefined));
    expect(
      (await call(second, 'POST', `/api/v2/projects/${projectUuid}/query/${slow.body.results.queryUuid}/cancel`, { token: adminToken }))
        .status,
    ).toBe(200);
    await waitFor('the warehouse query to stop', async () => ((await running()) === 0 ? true : undefined), 10_000);
    expect(
      (await call(first, 'GET', `/api/v2/projects/${projectUuid}/query/${slow.body.results.queryUuid}`, { token: adminToken })).body.results
        .status,
    ).toBe('cancelled');
  }, 60_000);
});
