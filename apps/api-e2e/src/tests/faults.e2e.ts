import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { Client } from 'pg';

import { call } from '../support/api-client';
import { createOrganization, privateEnvironment, startApi } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { type RunningProcess, startApp, waitFor } from '../support/processes';
import { deleteRedisPrefix } from '../support/redis-prefix';
import { sharedQuarry } from '../support/shared-quarry';

const shared = sharedQuarry();
const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

async function onMachinePostgres<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: MACHINE_POSTGRES });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

function startWorker(env: NodeJS.ProcessEnv): Promise<RunningProcess> {
  const worker = startApp('worker', { ...env, LOG_LEVEL: 'info' });
  return waitFor('the worker to start', async () => {
    if (worker.child.exitCode !== null) throw new Error(`worker exited:\n${worker.output()}`);
    return worker.output().includes('Quarry worker started') ? worker : undefined;
  });
}

async function finishedJob(baseUrl: string, token: string, jobId: string, timeoutMs = 30_000) {
  return waitFor(
    `job ${jobId}`,
    async () => {
      const status = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token });
      return ['completed', 'error'].includes(status.body.results?.status) ? status.body.results : undefined;
    },
    timeoutMs,
  );
}

describe('when the metadata database drops every connection', () => {
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  let api: RunningProcess;
  let worker: RunningProcess;
  let baseUrl: string;
  let token: string;
  let databaseName: string;

  beforeAll(async () => {
    // A database of its own: terminating its connections touches no other suite.
    const environment = await privateEnvironment({}, 'e2e_dbdrop');
    env = environment.env;
    databaseName = environment.database.name;
    drop = () => environment.database.drop();
    const migrate = startApp('cli', env, ['migrate']);
    if ((await migrate.exited) !== 0) throw new Error(`migrate failed:\n${migrate.output()}`);
    token = (await createOrganization(env, 'Dropped connections', 'admin@dbdrop.test')).token;
    const started = await startApi(env);
    api = started.api;
    baseUrl = started.baseUrl;
    worker = await startWorker(env);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await deleteRedisPrefix(env['QUEUE_PREFIX'] as string);
    await drop?.();
  });

  it('keeps both processes up and answers the next requests normally', async () => {
    expect((await call(baseUrl, 'GET', '/api/v1/user', { token })).status).toBe(200);
    const connections = await onMachinePostgres<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [databaseName]);
    expect(connections.length).toBeGreaterThan(0);
    for (const { pid } of connections) await onMachinePostgres('SELECT pg_terminate_backend($1)', [pid]);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await call(baseUrl, 'GET', '/api/v1/user', { token })).status);
    expect(statuses).toEqual(statuses.map(() => 200));
    expect((await call(baseUrl, 'GET', '/api/v1/health')).status).toBe(200);

    // The worker's connections went too: a job queued now still runs and is recorded.
    const purge = await call(baseUrl, 'POST', '/api/v1/org/maintenance/purge-expired', { token });
    expect(purge.status).toBe(200);
    expect((await finishedJob(baseUrl, token, purge.body.results.jobId)).status).toBe('completed');
    expect([api.child.exitCode, worker.child.exitCode]).toEqual([null, null]);
  }, 60_000);
});

describe('a warehouse query running past QUERY_TIMEOUT_SECONDS', () => {
  // Same database as the shared Quarry, its own queue, a one-second timeout.
  const env = { ...shared.env, QUEUE_PREFIX: `${shared.env['QUEUE_PREFIX']}-timeout`, QUERY_TIMEOUT_SECONDS: '1' };
  let api: RunningProcess;
  let worker: RunningProcess;
  let baseUrl: string;
  let projectUuid: string;
  const marker = `quarry_timeout_${Date.now()}`;
  const slowQuery = {
    exploreName: 'orders',
    // Half a second per order (the sleep depends on the row, so it runs for each): far past the timeout.
    dimensions: ['orders_order_id', 'slow'],
    metrics: [],
    filters: {},
    sorts: [],
    limit: 10,
    tableCalculations: [],
    customDimensions: [
      {
        id: 'slow',
        name: 'Slow',
        table: 'orders',
        type: 'sql',
        sql: `\${orders.status} || (SELECT '${marker}' FROM pg_sleep(0.5 * (\${orders.order_id} > 0)::int))`,
        dimensionType: 'string',
      },
    ],
  };
  const stillRunning = async () =>
    (
      await onMachinePostgres(
        `SELECT 1 FROM pg_stat_activity WHERE query LIKE '%${marker}%' AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`,
      )
    ).length;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
    const started = await startApi(env);
    api = started.api;
    baseUrl = started.baseUrl;
    worker = await startWorker(env);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await deleteRedisPrefix(env.QUEUE_PREFIX);
  });

  it('answers runQuery with a clear error and cancels the query in the warehouse', async () => {
    const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: shared.adminToken,
      body: { ...slowQuery, invalidateCache: true },
    });
    // The answer is the timeout's (the query would sleep ~50 s), not a late result: its error says so.
    expect(response.body.error).toMatchObject({ statusCode: 400, name: 'WarehouseQueryError' });
    expect(response.body.error.message).toMatch(/did not finish within 1000 ms and was cancelled/);
    await waitFor('the warehouse query to stop', async () => ((await stillRunning()) === 0 ? true : undefined), 5_000);
  });

  it('fails an export with a clear error, leaving no file', async () => {
    const exported = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
      token: shared.adminToken,
      body: { ...slowQuery, columnOrder: [], showTableNames: false, onlyRaw: true },
    });
    expect(exported.status).toBe(200);
    const job = await finishedJob(baseUrl, shared.adminToken, exported.body.results.jobId);
    expect(job.status).toBe('error');
    expect(JSON.stringify(job.details)).toMatch(/did not finish within 1000 ms and was cancelled/);
    expect(existsSync(join(shared.dataDir, 'files', 'exports', exported.body.results.jobId))).toBe(false);
    await waitFor('the warehouse query to stop', async () => ((await stillRunning()) === 0 ? true : undefined), 5_000);
  }, 60_000);
});
