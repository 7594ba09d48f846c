import { randomBytes } from 'node:crypto';

import { jaffleManifest } from '@quarry/testing';
import IORedis from 'ioredis';
import { Client } from 'pg';

import { call } from '../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken, env } = sharedQuarry();

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
  { name: 'status_daily', dimensions: ['status'], metrics: ['total_order_amount', 'average_order_size'], time_dimension: 'order_date', granularity: 'day' },
];

/** The jaffle manifest with orders read from this test's schema and given pre-aggregates. */
function manifestWithPreAggregates(preAggregates: unknown[] = PRE_AGGREGATES, schema = SCHEMA): Record<string, unknown> {
  const manifest = jaffleManifest() as { nodes: Record<string, { schema: string; relation_name: string; meta?: Record<string, unknown>; config?: { meta?: Record<string, unknown> } }> };
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
  sorts: [{ fieldId: 'orders_order_date_month', descending: false }, { fieldId: 'orders_status', descending: false }],
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
    call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: adminToken, body: { exploreName: 'orders', invalidateCache: true, ...body } });
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
      definition: { dimensions: ['orders_status'], metrics: ['orders_total_order_amount', 'orders_average_order_size'], timeDimension: 'orders_order_date', granularity: 'day' },
    });
    const [{ groups }] = await onWarehouse<{ groups: string }>(`SELECT count(*) AS groups FROM (SELECT DISTINCT status, order_date::date FROM jaffle.orders) g`);
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

  it('answers v2 queries from it too, and says so', async () => {
    const executed = await call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, { token: adminToken, body: { query: { exploreName: 'orders', ...MONTHLY_BY_STATUS }, invalidateCache: true } });
    expect(executed.status).toBe(200);
    expect(executed.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    const optedOut = await call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
      token: adminToken,
      body: { query: { exploreName: 'orders', ...MONTHLY_BY_STATUS }, invalidateCache: true, usePreAggregateCache: false },
    });
    expect(optedOut.body.results.cacheMetadata.preAggregate).toMatchObject({ hit: false });
  });

  it('runs a query the pre-aggregate cannot answer exactly on the warehouse, saying why', async () => {
    const response = await runQuery({ ...MONTHLY_BY_STATUS, dimensions: ['orders_customer_id'], sorts: [{ fieldId: 'orders_customer_id', descending: false }] });
    expect(response.status).toBe(200);
    const { preAggregate } = response.body.results.cacheMetadata;
    expect(preAggregate.hit).toBe(false);
    expect(preAggregate.reason).toEqual(expect.any(String));
    expect(preAggregate.reason.length).toBeGreaterThan(0);
    const direct = await runQuery({ ...MONTHLY_BY_STATUS, dimensions: ['orders_customer_id'], sorts: [{ fieldId: 'orders_customer_id', descending: false }], usePreAggregateCache: false });
    expect(response.body.results.rows).toEqual(direct.body.results.rows);
  });

  it('lets developers refresh a pre-aggregate, not viewers; an unknown name is a 404', async () => {
    const viewer = await userWithToken('viewer');
    const developer = await userWithToken('developer');
    const refresh = (token: string, name = 'status_daily') => call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/pre-aggregates/${name}/refresh`, { token });
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
      const queued = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/pre-aggregates/status_daily/refresh`, { token: adminToken });
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
      const queued = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/pre-aggregates/status_daily/refresh`, { token: adminToken });
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
      await waitFor('the schedule to end', async () => (!(await schedulers()).includes(`pre-aggregate:${projectUuid}:status_cron`) ? true : undefined));
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
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: adminToken, body: { exploreName: 'orders', invalidateCache: true, ...MONTHLY_BY_STATUS, ...body } });
    const fromRollup = await run({});
    const fromWarehouse = await run({ usePreAggregateCache: false });
    expect(fromRollup.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    expect(fromRollup.body.results.rows.length).toBeGreaterThan(0);
    expect(fromRollup.body.results.rows).toEqual(fromWarehouse.body.results.rows);
  });
});
