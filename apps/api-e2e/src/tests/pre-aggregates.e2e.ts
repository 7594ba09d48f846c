import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { jaffleManifest, type LocalS3, startLocalS3 } from '@quarry/testing';
import IORedis from 'ioredis';
import { Client } from 'pg';

import { call } from '../support/api-client';
import { startApi } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { startApp, waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken, env, dataDir } = sharedQuarry();

/**
 * The jaffle orders in a schema of this test's own (so it can slow them down or break them), as a
 * view whose every read first sleeps `control.delay_seconds`: a build can be held open while
 * queries run.
 */
const SCHEMA = `pre_aggregates_${randomBytes(4).toString('hex')}`;

async function onWarehouse<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const PRE_AGGREGATES = [
  {
    name: 'status_daily',
    dimensions: ['status'],
    metrics: ['total_order_amount', 'average_order_size'],
    time_dimension: 'order_date',
    granularity: 'day',
  },
];

/** The jaffle manifest with orders read from this test's schema and given pre-aggregates. */
function manifestWithPreAggregates(preAggregates: unknown[] = PRE_AGGREGATES, schema = SCHEMA): Record<string, unknown> {
  const manifest = jaffleManifest() as {
    nodes: Record<
      string,
      { schema: string; relation_name: string; meta?: Record<string, unknown>; config?: { meta?: Record<string, unknown> } }
    >;
  };
  const orders = manifest.nodes['model.jaffle_shop.orders'];
  if (!orders) throw new Error('the jaffle manifest has no orders model');
  orders.schema = schema;
  orders.relation_name = `"postgres"."${schema}"."orders"`;
  orders.meta = { ...(orders.meta ?? {}), pre_aggregates: preAggregates };
  return manifest;
}

const MONTHLY_BY_STATUS = {
  dimensions: ['orders_status', 'orders_order_date_month'],
  metrics: ['orders_total_order_amount', 'orders_average_order_size'],
  filters: {},
  sorts: [
    { fieldId: 'orders_order_date_month', descending: false },
    { fieldId: 'orders_status', descending: false },
  ],
  limit: 500,
  tableCalculations: [],
};

interface Build {
  buildUuid: string;
  status: string;
  trigger: string;
  rows: number | null;
  bytes: number | null;
  durationMs: number | null;
  error: string | null;
  jobId: string | null;
}
interface Status {
  name: string;
  exploreName: string;
  servable: boolean;
  currentBuild: Build | null;
  lastBuild: Build | null;
  definition: Record<string, unknown>;
}

describe('pre-aggregates on the jaffle fixture in PostgreSQL', () => {
  let projectUuid: string;
  const statusOf = async (): Promise<Status> => {
    const response = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token: adminToken });
    expect(response.status).toBe(200);
    return (response.body.results as Status[])[0] as Status;
  };
  const runQuery = (body: Record<string, unknown>) =>
    call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: adminToken,
      body: { exploreName: 'orders', invalidateCache: true, ...body },
    });
  const readyBuildOtherThan = async (buildUuid: string | undefined) => {
    let last: Status | undefined;
    try {
      return await waitFor('a ready build', async () => {
        last = await statusOf();
        return last.lastBuild?.status === 'ready' && last.currentBuild?.buildUuid !== buildUuid ? last : undefined;
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}; last status: ${JSON.stringify(last)}`);
    }
  };

  beforeAll(async () => {
    await onWarehouse(`CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.control (delay_seconds float NOT NULL); INSERT INTO ${SCHEMA}.control VALUES (0);
      CREATE TABLE ${SCHEMA}.orders_data AS SELECT * FROM jaffle.orders;
      CREATE VIEW ${SCHEMA}.orders AS SELECT o.* FROM ${SCHEMA}.orders_data o CROSS JOIN (SELECT pg_sleep((SELECT delay_seconds FROM ${SCHEMA}.control))) AS held`);
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres, manifestWithPreAggregates());
  });
  afterAll(async () => {
    await onWarehouse(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  });

  it('builds each pre-aggregate after the compile and reports it ready with its rows, bytes and duration', async () => {
    const status = await readyBuildOtherThan(undefined);
    expect(status).toMatchObject({
      name: 'status_daily',
      exploreName: 'orders',
      servable: true,
      definition: {
        dimensions: ['orders_status'],
        metrics: ['orders_total_order_amount', 'orders_average_order_size'],
        timeDimension: 'orders_order_date',
        granularity: 'day',
      },
    });
    const [{ groups }] = await onWarehouse<{ groups: string }>(
      `SELECT count(*) AS groups FROM (SELECT DISTINCT status, order_date::date FROM jaffle.orders) g`,
    );
    expect(status.currentBuild).toMatchObject({ status: 'ready', rows: Number(groups), error: null });
    expect(status.currentBuild?.bytes).toBeGreaterThan(0);
    expect(status.currentBuild?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('answers a matching query from the pre-aggregate with the cells the warehouse gives (opt-out)', async () => {
    const fromRollup = await runQuery(MONTHLY_BY_STATUS);
    expect(fromRollup.status).toBe(200);
    expect(fromRollup.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    const fromWarehouse = await runQuery({ ...MONTHLY_BY_STATUS, usePreAggregateCache: false });
    expect(fromWarehouse.status).toBe(200);
    expect(fromWarehouse.body.results.cacheMetadata.preAggregate).toMatchObject({ hit: false, reason: expect.stringMatching(/opted out/) });
    expect(fromRollup.body.results.rows.length).toBeGreaterThan(0);
    expect(fromRollup.body.results.rows).toEqual(fromWarehouse.body.results.rows);
    expect(fromRollup.body.results.fields).toEqual(fromWarehouse.body.results.fields);
    // Different sources, different results-cache entries.
    expect(fromRollup.body.results.cacheMetadata.cacheKey).not.toBe(fromWarehouse.body.results.cacheMetadata.cacheKey);
  });

  it('answers a query in another time zone the same way when its dates do not move', async () => {
    const inTokyo = { ...MONTHLY_BY_STATUS, timezone: 'Asia/Tokyo' };
    const fromRollup = await runQuery(inTokyo);
    const fromWarehouse = await runQuery({ ...inTokyo, usePreAggregateCache: false });
    expect(fromRollup.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    expect(fromRollup.body.results.rows).toEqual(fromWarehouse.body.results.rows);
  });

  it('answers v2 queries from it too, and says so in the execute answer and on the results pages, from memory and from the database', async () => {
    const execute = (body: Record<string, unknown>) =>
      call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
        token: adminToken,
        body: { invalidateCache: true, ...body },
      });
    const readyPage = (url: string, queryUuid: string) =>
      waitFor(`query ${queryUuid}`, async () => {
        const response = await call(url, 'GET', `/api/v2/projects/${projectUuid}/query/${queryUuid}`, { token: adminToken });
        if (response.status !== 200 || response.body.results.status === 'error') throw new Error(JSON.stringify(response.body));
        return response.body.results.status === 'ready' ? response.body.results : undefined;
      });
    const byCustomer = {
      ...MONTHLY_BY_STATUS,
      dimensions: ['orders_customer_id'],
      sorts: [{ fieldId: 'orders_customer_id', descending: false }],
    };
    const cases = [
      { body: { query: { exploreName: 'orders', ...MONTHLY_BY_STATUS } }, said: { hit: true, name: 'status_daily' } },
      {
        body: { query: { exploreName: 'orders', ...MONTHLY_BY_STATUS }, usePreAggregateCache: false },
        said: { hit: false, reason: expect.stringMatching(/opted out/) },
      },
      {
        body: { query: { exploreName: 'orders', ...byCustomer } },
        said: { hit: false, reason: expect.stringContaining('orders_customer_id') },
      },
    ];
    const executed: Array<{ queryUuid: string; preAggregate: unknown }> = [];
    for (const { body, said } of cases) {
      const response = await execute(body);
      expect(response.status).toBe(200);
      const { preAggregate } = response.body.results.cacheMetadata;
      expect(preAggregate).toMatchObject(said);
      // The process that ran it serves its pages from memory.
      const page = await readyPage(baseUrl, response.body.results.queryUuid);
      expect(page.preAggregate).toEqual(preAggregate);
      expect(page.rows.length).toBeGreaterThan(0);
      executed.push({ queryUuid: response.body.results.queryUuid, preAggregate });
    }
    // Another API process has nothing in memory: its pages come from the query's row and Redis.
    const other = await startApi(env);
    try {
      for (const { queryUuid, preAggregate } of executed)
        expect((await readyPage(other.baseUrl, queryUuid)).preAggregate).toEqual(preAggregate);
    } finally {
      await other.api.stop();
    }
  }, 120_000);

  it('runs a query the pre-aggregate cannot answer exactly on the warehouse, saying why', async () => {
    const response = await runQuery({
      ...MONTHLY_BY_STATUS,
      dimensions: ['orders_customer_id'],
      sorts: [{ fieldId: 'orders_customer_id', descending: false }],
    });
    expect(response.status).toBe(200);
    const { preAggregate } = response.body.results.cacheMetadata;
    expect(preAggregate.hit).toBe(false);
    expect(preAggregate.reason).toEqual(expect.any(String));
    expect(preAggregate.reason.length).toBeGreaterThan(0);
    const direct = await runQuery({
      ...MONTHLY_BY_STATUS,
      dimensions: ['orders_customer_id'],
      sorts: [{ fieldId: 'orders_customer_id', descending: false }],
      usePreAggregateCache: false,
    });
    expect(response.body.results.rows).toEqual(direct.body.results.rows);
  });

  it('lets developers refresh a pre-aggregate, not viewers; an unknown name is a 404', async () => {
    const viewer = await userWithToken('viewer');
    const developer = await userWithToken('developer');
    const refresh = (token: string, name = 'status_daily') =>
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/pre-aggregates/${name}/refresh`, { token });
    expect((await refresh(viewer.token)).status).toBe(403);
    expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token: viewer.token })).status).toBe(200);
    expect((await refresh(developer.token, 'no_such_rollup')).status).toBe(404);
    const before = await statusOf();
    const queued = await refresh(developer.token);
    expect(queued.status).toBe(200);
    expect(queued.body.results.jobId).toEqual(expect.any(String));
    const after = await readyBuildOtherThan(before.currentBuild?.buildUuid);
    expect(after.currentBuild?.jobId).toBe(queued.body.results.jobId);
  });

  it('keeps answering from the old rollup while a new one builds, then from the new one', async () => {
    const before = await statusOf();
    const answerBefore = await runQuery(MONTHLY_BY_STATUS);
    await onWarehouse(`UPDATE ${SCHEMA}.control SET delay_seconds = 4`);
    try {
      const queued = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/pre-aggregates/status_daily/refresh`, {
        token: adminToken,
      });
      expect(queued.status).toBe(200);
      await waitFor('the build to start', async () => ((await statusOf()).lastBuild?.status === 'building' ? true : undefined));
      // The warehouse is held for seconds; the rollup answers at once, from the build still served.
      for (let i = 0; i < 5; i += 1) {
        const during = await runQuery(MONTHLY_BY_STATUS);
        expect(during.status).toBe(200);
        expect(during.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
        expect(during.body.results.cacheMetadata.cacheKey).toBe(answerBefore.body.results.cacheMetadata.cacheKey);
        expect(during.body.results.rows).toEqual(answerBefore.body.results.rows);
      }
      expect((await statusOf()).lastBuild?.status).toBe('building');
    } finally {
      await onWarehouse(`UPDATE ${SCHEMA}.control SET delay_seconds = 0`);
    }
    await readyBuildOtherThan(before.currentBuild?.buildUuid);
    const answerAfter = await runQuery(MONTHLY_BY_STATUS);
    expect(answerAfter.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    expect(answerAfter.body.results.cacheMetadata.cacheKey).not.toBe(answerBefore.body.results.cacheMetadata.cacheKey);
    expect(answerAfter.body.results.rows).toEqual(answerBefore.body.results.rows);
  });

  it('keeps the old rollup when a build fails, and reports the error', async () => {
    const before = await statusOf();
    expect(before.servable).toBe(true);
    await onWarehouse(`ALTER VIEW ${SCHEMA}.orders RENAME TO orders_gone`);
    try {
      const queued = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/pre-aggregates/status_daily/refresh`, {
        token: adminToken,
      });
      expect(queued.status).toBe(200);
      const failed = await waitFor('the build to fail', async () => {
        const status = await statusOf();
        return status.lastBuild?.status === 'failed' ? status : undefined;
      });
      expect(failed.lastBuild?.error).toMatch(/orders/);
      expect(failed.currentBuild?.buildUuid).toBe(before.currentBuild?.buildUuid);
      expect(failed.servable).toBe(true);
      const job = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${queued.body.results.jobId}/status`, { token: adminToken });
      expect(job.body.results.status).toBe('error');
      const answer = await runQuery(MONTHLY_BY_STATUS);
      expect(answer.status).toBe(200);
      expect(answer.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    } finally {
      await onWarehouse(`ALTER VIEW ${SCHEMA}.orders_gone RENAME TO orders`);
    }
  });
});

describe('a pre-aggregate on a cron schedule', () => {
  it('is rebuilt on its schedule, and the schedule ends with its project', async () => {
    const every2Seconds = [{ ...PRE_AGGREGATES[0], name: 'status_cron', refresh: { cron: '*/2 * * * * *' } }];
    const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres, manifestWithPreAggregates(every2Seconds, 'jaffle'));
    let last: unknown;
    const scheduled = await waitFor('a scheduled build', async () => {
      const response = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token: adminToken });
      const [status] = response.body.results as Status[];
      last = response.body;
      return status?.lastBuild?.trigger === 'schedule' && status.lastBuild.status === 'ready' ? status : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}; last: ${JSON.stringify(last)}`);
    });
    expect(scheduled.definition).toMatchObject({ refreshCron: '*/2 * * * * *' });
    const redis = new IORedis(env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      const schedulers = () => redis.zrange(`${String(env['QUEUE_PREFIX'])}:pre-aggregates:repeat`, 0, -1);
      expect(await schedulers()).toContain(`pre-aggregate:${projectUuid}:status_cron`);
      expect((await call(baseUrl, 'DELETE', `/api/v1/projects/${projectUuid}`, { token: adminToken })).status).toBe(200);
      await waitFor('the schedule to end', async () =>
        !(await schedulers()).includes(`pre-aggregate:${projectUuid}:status_cron`) ? true : undefined,
      );
    } finally {
      redis.disconnect();
    }
  });
});

describe('pre-aggregates on the jaffle fixture in the embedded DuckDB warehouse', () => {
  it('builds from the DuckDB file and answers with the cells the warehouse gives', async () => {
    const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb, manifestWithPreAggregates(PRE_AGGREGATES, 'jaffle'));
    await waitFor('a ready build', async () => {
      const response = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token: adminToken });
      const [status] = response.body.results as Status[];
      if (status?.lastBuild?.status === 'failed') throw new Error(`the build failed: ${status.lastBuild.error ?? ''}`);
      return status?.servable ? status : undefined;
    });
    const run = (body: Record<string, unknown>) =>
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
        token: adminToken,
        body: { exploreName: 'orders', invalidateCache: true, ...MONTHLY_BY_STATUS, ...body },
      });
    const fromRollup = await run({});
    const fromWarehouse = await run({ usePreAggregateCache: false });
    expect(fromRollup.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    expect(fromRollup.body.results.rows.length).toBeGreaterThan(0);
    expect(fromRollup.body.results.rows).toEqual(fromWarehouse.body.results.rows);
  });
});

/** The pre-aggregates' status through `url`, once its one pre-aggregate is servable. */
async function servable(url: string, projectUuid: string): Promise<Status> {
  return waitFor(
    'a servable build',
    async () => {
      const response = await call(url, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token: adminToken });
      const [status] = response.body.results as Status[];
      if (status?.lastBuild?.status === 'failed') throw new Error(`the build failed: ${status.lastBuild.error ?? ''}`);
      return status?.servable ? status : undefined;
    },
    60_000,
  );
}

async function purged(url: string): Promise<{ filesPurged: number }> {
  const started = await call(url, 'POST', '/api/v1/org/maintenance/purge-expired', { token: adminToken });
  expect(started.status).toBe(200);
  const finished = await waitFor('the maintenance job', async () => {
    const status = await call(url, 'GET', `/api/v1/schedulers/job/${started.body.results.jobId}/status`, { token: adminToken });
    if (status.body.results?.status === 'error') throw new Error(JSON.stringify(status.body.results));
    return status.body.results?.status === 'completed' ? status.body.results : undefined;
  });
  return finished.details;
}

describe('the rollups of a deleted project', () => {
  it('go with it, though it has no cron; the maintenance purge removes any left behind', async () => {
    const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres, manifestWithPreAggregates(PRE_AGGREGATES, 'jaffle'));
    const { currentBuild } = await servable(baseUrl, projectUuid);
    const folder = join(dataDir, 'pre-aggregates', projectUuid);
    expect(readdirSync(join(folder, 'status_daily'))).toEqual([`${currentBuild?.buildUuid}.parquet`]);
    expect((await call(baseUrl, 'DELETE', `/api/v1/projects/${projectUuid}`, { token: adminToken })).status).toBe(200);
    await waitFor('its rollup folder to go', async () => (existsSync(folder) ? undefined : true));

    // Files a deletion left behind (a build that finished after it, a process that missed the announcement): purged.
    // Each process also sweeps deleted projects' folders when told of the deletion, over Redis and again from the
    // change log's poll: a late sweep may remove such files before the purge counts them. So: until a purge
    // counts them (and never, if the purge does not remove them).
    await waitFor(
      'a maintenance purge to remove files a deletion left behind',
      async () => {
        const leftBehind = join(dataDir, 'pre-aggregates', randomUUID(), 'status_daily');
        mkdirSync(leftBehind, { recursive: true });
        writeFileSync(join(leftBehind, `${randomUUID()}.parquet`), 'PAR1');
        const { filesPurged } = await purged(baseUrl);
        expect(existsSync(join(leftBehind, '..'))).toBe(false);
        return filesPurged >= 1 ? true : undefined;
      },
      60_000,
    );
  });
});

describe('pre-aggregates with rollups in S3 (S3_BUCKET set)', () => {
  const BUCKET = 'quarry-e2e-rollups';
  let s3: LocalS3;
  let apiUrl: string;
  const stops: Array<() => Promise<void>> = [];
  // API and worker of this test's own, each with its own DATA_DIR: nothing shared but the bucket, the database and Redis.
  const workerDir = mkdtempSync(join(tmpdir(), 'quarry-e2e-rollups-worker-'));
  const apiDir = mkdtempSync(join(tmpdir(), 'quarry-e2e-rollups-api-'));
  const bucketKeys = (projectUuid: string) => s3.keys(`pre-aggregates/${projectUuid}/`);

  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
    stops.push(() => s3.close());
    // No grace period: a replaced rollup goes as soon as its successor is swapped in.
    const s3Env = { ...env, ...s3.env, QUEUE_PREFIX: `${String(env['QUEUE_PREFIX'])}-rollups-s3`, PRE_AGGREGATE_FILE_GRACE_SECONDS: '0' };
    const worker = startApp('worker', { ...s3Env, DATA_DIR: workerDir });
    stops.push(async () => void (await worker.stop()));
    const { api, baseUrl: url } = await startApi({ ...s3Env, DATA_DIR: apiDir });
    stops.push(async () => void (await api.stop()));
    apiUrl = url;
  }, 90_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    rmSync(workerDir, { recursive: true, force: true });
    rmSync(apiDir, { recursive: true, force: true });
  });

  it("uploads each build, answers from a rollup only the bucket holds, removes replaced ones and a deleted project's", async () => {
    const projectUuid = await compiledJaffleProject(
      JAFFLE_WAREHOUSES.postgres,
      manifestWithPreAggregates(PRE_AGGREGATES, 'jaffle'),
      apiUrl,
    );
    const first = (await servable(apiUrl, projectUuid)).currentBuild?.buildUuid as string;
    const key = (buildUuid: string) => `pre-aggregates/${projectUuid}/status_daily/${buildUuid}.parquet`;
    expect(await bucketKeys(projectUuid)).toEqual([key(first)]);
    const workerFile = join(workerDir, 'pre-aggregates', projectUuid, 'status_daily', `${first}.parquet`);
    const apiCopy = join(apiDir, 'pre-aggregates', projectUuid, 'status_daily', `${first}.parquet`);
    expect(existsSync(workerFile)).toBe(true);
    // Only the bucket holds it now.
    rmSync(workerFile);
    expect(existsSync(apiCopy)).toBe(false);

    const run = (body: Record<string, unknown>) =>
      call(apiUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
        token: adminToken,
        body: { exploreName: 'orders', invalidateCache: true, ...MONTHLY_BY_STATUS, ...body },
      });
    const [fromRollup, again, fromWarehouse] = [await run({}), await run({}), await run({ usePreAggregateCache: false })];
    expect(fromRollup.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    expect(again.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    expect(fromRollup.body.results.rows.length).toBeGreaterThan(0);
    expect(fromRollup.body.results.rows).toEqual(fromWarehouse.body.results.rows);
    // Downloaded into the API's own DATA_DIR, where it was read.
    expect(readdirSync(join(apiDir, 'pre-aggregates', projectUuid, 'status_daily'))).toEqual([`${first}.parquet`]);

    // A new build replaces it: gone from the bucket, and the API's copy is swept.
    const refreshed = await call(apiUrl, 'POST', `/api/v1/projects/${projectUuid}/pre-aggregates/status_daily/refresh`, {
      token: adminToken,
    });
    expect(refreshed.status).toBe(200);
    const second = (
      await waitFor(
        'the next build',
        async () => {
          const status = await servable(apiUrl, projectUuid);
          return status.currentBuild?.buildUuid !== first ? status : undefined;
        },
        60_000,
      )
    ).currentBuild?.buildUuid as string;
    await waitFor('the replaced rollup to leave the bucket', async () =>
      (await bucketKeys(projectUuid)).includes(key(first)) ? undefined : true,
    );
    expect(await bucketKeys(projectUuid)).toEqual([key(second)]);
    await waitFor("the API's copy of the replaced rollup to go", async () => (existsSync(apiCopy) ? undefined : true));
    expect((await run({})).body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });

    // The project is deleted: its folders go at once, its objects with the maintenance purge.
    expect((await call(apiUrl, 'DELETE', `/api/v1/projects/${projectUuid}`, { token: adminToken })).status).toBe(200);
    await waitFor("the project's rollup folders to go", async () =>
      existsSync(join(apiDir, 'pre-aggregates', projectUuid)) || existsSync(join(workerDir, 'pre-aggregates', projectUuid))
        ? undefined
        : true,
    );
    expect((await purged(apiUrl)).filesPurged).toBeGreaterThanOrEqual(1);
    expect(await bucketKeys(projectUuid)).toEqual([]);
  }, 180_000);
});
