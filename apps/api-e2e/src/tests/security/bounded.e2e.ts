import { parse } from 'csv-parse/sync';

import { call } from '../../support/api-client';
import { startApi } from '../../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { startLoad } from '../../support/load-process';
import { type RunningProcess, startApp, waitFor } from '../../support/processes';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';

/**
 * Issue 31, findings 5 and 7 and acceptance point 4: bounded work per request and per user. Each
 * test behaves as the attacker of the finding did, against a real API (real DuckDB and PostgreSQL).
 */
const shared = sharedQuarry();
const { adminToken } = shared;

/**
 * Health and small queries must be answered while heavy work runs; how fast is measured by `npm run bench`, not
 * asserted here (a timed assertion fails on a loaded machine). Each probe waits at most 30 s: no answer is a failure.
 */
const PROBES = 10;

const SMALL_QUERY = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_total_order_amount'],
  filters: {},
  sorts: [{ fieldId: 'orders_status', descending: false }],
  limit: 10,
  tableCalculations: [],
};

/** Every day from year 1 to year 9999: about 3.65 million periods. */
const TEN_THOUSAND_YEARS = '?startDate=0001-01-01&endDate=9999-12-31';
const BY_DAY = { query: { comparison: 'none' }, timeDimensionOverride: { table: 'orders', field: 'order_date', interval: 'DAY' } };

function filterOf(count: number) {
  return {
    dimensions: {
      id: 'huge',
      and: [
        {
          id: 'rule',
          target: { fieldId: 'orders_status' },
          operator: 'equals',
          values: Array.from({ length: count }, (_, index) => `status-${index}`),
        },
      ],
    },
  };
}

/** `count` requests one after another: the status of each (0: no answer within 30 s). */
async function probe(count: number, request: () => Promise<{ status: number }>): Promise<{ statuses: number[] }> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    statuses.push(
      await request().then(
        (response) => response.status,
        () => 0,
      ),
    );
  }
  return { statuses };
}

const health = (url: string) => () => fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(30_000) });

async function projectMember(projectUuid: string, role: 'viewer' | 'interactive_viewer' | 'developer'): Promise<Member> {
  const user = await userWithToken('member');
  const granted = await call(shared.baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
    token: adminToken,
    body: { userUuid: user.userUuid, role },
  });
  if (granted.status !== 200) throw new Error(`could not grant ${role}: ${JSON.stringify(granted.body)}`);
  return user;
}

describe('Finding 5: a metrics-explorer query over 10,000 years by day froze the API', () => {
  let projectUuid: string;
  let viewer: Member;
  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    viewer = await projectMember(projectUuid, 'viewer');
  }, 60_000);

  it('is refused with a 400 naming the range before any period is built, and health stays responsive meanwhile', async () => {
    const explorer = call(
      shared.baseUrl,
      'POST',
      `/api/v1/projects/${projectUuid}/metricsExplorer/orders/total_order_amount/runMetricExplorerQuery${TEN_THOUSAND_YEARS}`,
      { token: viewer.token, body: BY_DAY },
    );
    const probes = await probe(PROBES, health(shared.baseUrl));
    const response = await explorer;
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/3,652,059 periods/);
    expect(Object.keys(response.body.error.data)).toEqual(expect.arrayContaining(['startDate', 'endDate']));
    expect(probes.statuses).toEqual(Array(PROBES).fill(200));
  });

  it('still answers a range the limit allows, at every grain', async () => {
    const response = await call(
      shared.baseUrl,
      'POST',
      `/api/v1/projects/${projectUuid}/metricsExplorer/orders/total_order_amount/runMetricExplorerQuery?startDate=2018-01-01&endDate=2018-01-31`,
      { token: viewer.token, body: BY_DAY },
    );
    expect(response.status).toBe(200);
    expect(response.body.results.results).toHaveLength(31);
  });
});

describe('Finding 7: one viewer could stall the API with huge filter lists', () => {
  let projectUuid: string;
  let viewer: Member;
  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    viewer = await projectMember(projectUuid, 'viewer');
  }, 60_000);

  const compileQuery = (filters: unknown) =>
    call(shared.baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/compileQuery`, {
      token: viewer.token,
      body: { ...SMALL_QUERY, filters },
    });

  it('refuses 1,000,000 filter values before parsing them, while health stays responsive', async () => {
    const response = await compileQuery(filterOf(1_000_000));
    expect(response.status).toBe(413);
    expect(response.body.error.message).toMatch(/HTTP_BODY_LIMIT_MB/);
    // The same requests, four at once from another process, while health is probed.
    const load = await startLoad(
      shared.baseUrl,
      viewer.token,
      Array.from({ length: 4 }, () => ({
        path: `/api/v1/projects/${projectUuid}/explores/orders/compileQuery`,
        body: SMALL_QUERY,
        filterValues: 1_000_000,
      })),
    );
    try {
      const probes = await probe(PROBES, health(shared.baseUrl));
      expect(probes.statuses).toEqual(Array(PROBES).fill(200));
      // Every huge body gets its answer (a 413 before parsing): none is left holding the API.
      await waitFor('the four huge requests to be answered', async () => (load.answered().length === 4 ? true : undefined));
    } finally {
      await load.stop();
    }
  });

  it('refuses more than 10,000 values in one rule with a 400 naming the rule', async () => {
    const response = await compileQuery(filterOf(10_001));
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.error)).toContain('dimensions.and[0].values');
    expect(JSON.stringify(response.body.error)).toContain('at most 10000');
  });

  it('refuses more than 25,000 values over all rules with a 400 naming the filters', async () => {
    const rule = (index: number) => ({
      id: `rule-${index}`,
      target: { fieldId: 'orders_status' },
      operator: 'equals',
      values: Array.from({ length: 9_000 }, (_, value) => `s${value}`),
    });
    const response = await compileQuery({ dimensions: { id: 'many', or: [rule(1), rule(2), rule(3)] } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.error)).toContain('filters');
    expect(JSON.stringify(response.body.error)).toContain('at most 25000 filter values');
  });

  it('still compiles a list of 10,000 values', async () => {
    const response = await compileQuery(filterOf(10_000));
    expect(response.status).toBe(200);
  });
});

/** A CSV file's rows (header first). */
function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true }) as string[][];
}

describe('Finding 7: exports had no size cap (csvLimit: null exported everything)', () => {
  const MAX_BYTES = 1024;
  const env = { ...shared.env, QUEUE_PREFIX: `${shared.env['QUEUE_PREFIX']}-bytecap`, EXPORT_MAX_BYTES: String(MAX_BYTES) };
  let api: RunningProcess;
  let worker: RunningProcess;
  let url: string;

  beforeAll(async () => {
    ({ api, baseUrl: url } = await startApi(env));
    worker = startApp('worker', { ...env, LOG_LEVEL: 'info' });
    await waitFor('the worker to start', async () => (worker.output().includes('Quarry worker started') ? true : undefined));
  }, 90_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
  });

  async function exportEverything(warehouse: Record<string, unknown>, layout: Record<string, unknown>) {
    const projectUuid = await compiledJaffleProject(warehouse, undefined, url);
    const started = await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
      token: adminToken,
      body: {
        exploreName: 'orders',
        dimensions: ['orders_order_id', 'orders_status', 'orders_order_date_day'],
        metrics: ['orders_total_order_amount'],
        filters: {},
        sorts: [{ fieldId: 'orders_order_id', descending: false }],
        limit: 500,
        tableCalculations: [],
        columnOrder: [],
        showTableNames: false,
        csvLimit: null,
        ...layout,
      },
    });
    expect(started.status).toBe(200);
    const job = await waitFor(`export ${started.body.results.jobId}`, async () => {
      const status = await call(url, 'GET', `/api/v1/schedulers/job/${started.body.results.jobId}/status`, { token: adminToken });
      if (status.body.results?.status === 'error') throw new Error(JSON.stringify(status.body.results));
      return status.body.results?.status === 'completed' ? status.body.results : undefined;
    });
    const response = await fetch(`${url}${new URL(job.details.fileUrl).pathname}`, { headers: { authorization: `ApiKey ${adminToken}` } });
    return { details: job.details, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it.each([
    ['DuckDB, written by DuckDB (raw)', JAFFLE_WAREHOUSES.duckdb, { onlyRaw: true }],
    ['PostgreSQL, written by PostgreSQL (raw)', JAFFLE_WAREHOUSES.postgres, { onlyRaw: true }],
    [
      'DuckDB, written in JS (formatted, pivoted)',
      JAFFLE_WAREHOUSES.duckdb,
      { onlyRaw: false, pivotConfig: { pivotDimensions: ['orders_status'] } },
    ],
  ])(
    'stops an export of every row at EXPORT_MAX_BYTES on whole rows and says it was truncated: %s',
    async (_name, warehouse, layout) => {
      const { details, bytes } = await exportEverything(warehouse, layout);
      expect(details.truncated).toBe(true);
      expect(bytes.length).toBeLessThanOrEqual(MAX_BYTES);
      expect(bytes.length).toBeGreaterThan(MAX_BYTES / 2);
      expect(bytes.subarray(-1).toString()).toBe('\n');
      const rows = parseCsv(bytes.toString('utf8'));
      expect(rows.length).toBeGreaterThan(1);
      if (!('pivotConfig' in layout)) {
        expect(details.progress.rowsWritten).toBe(rows.length - 1);
        // The first orders, in order, each whole.
        const id = (rows[0] ?? []).findIndex((header) => /order.?id/i.test(header));
        expect(rows.slice(1).map((row) => Number(row[id]))).toEqual(Array.from({ length: rows.length - 1 }, (_, index) => index + 1));
      }
    },
    90_000,
  );
});

describe('Acceptance 4: one user running the heaviest requests they can send does not slow another user', () => {
  // A private API on the shared database: the load ends with it, whatever it left running.
  let api: RunningProcess;
  let url: string;
  let projectUuid: string;
  let heavy: Member;
  let other: Member;

  beforeAll(async () => {
    ({ api, baseUrl: url } = await startApi(shared.env));
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb, undefined, url);
    heavy = await projectMember(projectUuid, 'developer');
    other = await projectMember(projectUuid, 'interactive_viewer');
  }, 90_000);
  afterAll(async () => {
    await api?.stop('SIGKILL');
  });

  it("answers another user's small runQuery and /api/v1/health while the heavy user's long queries still run", async () => {
    // Long DuckDB queries: a custom SQL dimension counting over a generated range of 40 billion rows.
    const longQuery = {
      ...SMALL_QUERY,
      dimensions: ['orders_status', 'long'],
      customDimensions: [
        {
          id: 'long',
          name: 'Long',
          table: 'orders',
          type: 'sql',
          sql: '(SELECT count(*) FROM range(40000000000) AS r(x) WHERE x % 7 = 3)',
          dimensionType: 'number',
        },
      ],
      invalidateCache: true,
    };
    const LONG = 6;
    const smallQuery = () =>
      fetch(`${url}/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
        method: 'POST',
        headers: { authorization: `ApiKey ${other.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...SMALL_QUERY, invalidateCache: true }),
        signal: AbortSignal.timeout(30_000),
      });
    // Once before the load: the explore and the DuckDB file are loaded, what is probed is the interference.
    expect((await smallQuery()).status).toBe(200);
    const load = await startLoad(url, heavy.token, [
      ...Array.from({ length: LONG }, () => ({ path: `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, body: longQuery })),
      ...Array.from({ length: 4 }, () => ({
        path: `/api/v1/projects/${projectUuid}/explores/orders/compileQuery`,
        body: SMALL_QUERY,
        filterValues: 1_000_000,
      })),
      ...Array.from({ length: 2 }, () => ({
        path: `/api/v1/projects/${projectUuid}/metricsExplorer/orders/total_order_amount/runMetricExplorerQuery${TEN_THOUSAND_YEARS}`,
        body: BY_DAY,
      })),
    ]);
    try {
      const smallQueries = await probe(PROBES, smallQuery);
      const healthProbes = await probe(PROBES, health(url));
      // The long queries (minutes of work each) were still running when the last probe was answered: the other user's
      // queries and health were served beside them, not queued behind them.
      expect(load.answered().filter((index) => index < LONG)).toEqual([]);
      expect(smallQueries.statuses).toEqual(Array(PROBES).fill(200));
      expect(healthProbes.statuses).toEqual(Array(PROBES).fill(200));
    } finally {
      await load.stop();
    }
  }, 90_000);
});
