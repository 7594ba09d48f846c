import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { startFakeSheets } from '@quarry/testing';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';

import { call } from '../support/api-client';
import { startApi } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { startApp, waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const shared = sharedQuarry();
const { baseUrl, adminToken } = shared;

type Row = Record<string, { value: { raw: unknown; formatted: string } }>;

const query = {
  exploreName: 'orders',
  dimensions: ['orders_status', 'orders_order_date_month'],
  metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
  filters: {},
  sorts: [
    { fieldId: 'orders_order_date_month', descending: false },
    { fieldId: 'orders_status', descending: false },
  ],
  limit: 500,
  tableCalculations: [],
};

async function finishedJob(jobId: string, url = baseUrl, timeoutMs = 30_000) {
  return waitFor(
    `job ${jobId}`,
    async () => {
      const status = await call(url, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: adminToken });
      if (status.body.results?.status === 'error') throw new Error(JSON.stringify(status.body.results));
      return status.body.results?.status === 'completed' ? status.body.results : undefined;
    },
    timeoutMs,
  );
}

/** The worker builds fileUrl from SITE_URL, which the test processes leave at its default: fetch its path here. */
async function downloadCsv(
  fileUrl: string,
  token = adminToken,
  url = baseUrl,
): Promise<{ status: number; text: string; bytes: Buffer; disposition: string | null }> {
  const response = await fetch(`${url}${new URL(fileUrl).pathname}`, { headers: { authorization: `ApiKey ${token}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, text: bytes.toString('utf8'), bytes, disposition: response.headers.get('content-disposition') };
}

function parseCsv(text: string): string[][] {
  return parse(text, { bom: true }) as string[][];
}

describe('CSV exports (E6) and their job status', () => {
  let projectUuid: string;
  let rows: Row[];
  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    rows = (await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: adminToken, body: query }))
      .body.results.rows;
  }, 60_000);

  function exportCsv(body: Record<string, unknown>, token = adminToken) {
    return call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, { token, body: { ...query, ...body } });
  }

  it('writes the runQuery rows, formatted, with labels, column order and hidden fields', async () => {
    const started = await exportCsv({
      columnOrder: ['orders_order_date_month', 'orders_unique_order_count', 'orders_status', 'orders_total_order_amount'],
      hiddenFields: ['orders_total_order_amount'],
      customLabels: { orders_unique_order_count: 'Orders' },
      showTableNames: false,
      onlyRaw: false,
      chartName: 'Orders by month',
    });
    expect(started.status).toBe(200);
    const job = await finishedJob(started.body.results.jobId);
    expect(job.details).toMatchObject({
      truncated: false,
      progress: { rowsWritten: rows.length },
      createdByUserUuid: expect.any(String),
      projectUuid,
    });
    expect(new URL(job.details.fileUrl).pathname).toBe(`/api/v1/projects/${projectUuid}/csv/${started.body.results.jobId}`);
    const file = await downloadCsv(job.details.fileUrl);
    expect(file.status).toBe(200);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.disposition).toMatch(/attachment; filename="csv-Orders_by_month-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}-\d{4}\.csv"/);
    const [header, ...body] = parseCsv(file.text);
    expect(header).toEqual(['Order date month', 'Orders', 'Status']);
    expect(body).toEqual(
      rows.map((row) => [
        row['orders_order_date_month']?.value.formatted,
        row['orders_unique_order_count']?.value.formatted,
        row['orders_status']?.value.formatted,
      ]),
    );
  });

  it('writes raw values with table names in onlyRaw mode', async () => {
    const started = await exportCsv({ columnOrder: [], showTableNames: true, onlyRaw: true });
    const job = await finishedJob(started.body.results.jobId);
    const [header, ...body] = parseCsv((await downloadCsv(job.details.fileUrl)).text);
    expect(header).toEqual(['Orders Total order amount', 'Orders Unique order count', 'Orders Status', 'Orders Order date month']);
    expect(body).toEqual(
      rows.map((row) => [
        String(row['orders_total_order_amount']?.value.raw),
        String(row['orders_unique_order_count']?.value.raw),
        String(row['orders_status']?.value.raw),
        String(row['orders_order_date_month']?.value.raw).slice(0, 10),
      ]),
    );
  });

  it('pivots: one header row per pivot dimension, a column per status, with row and column totals', async () => {
    const started = await exportCsv({
      metrics: ['orders_total_order_amount'],
      columnOrder: [],
      showTableNames: false,
      onlyRaw: true,
      customLabels: { orders_total_order_amount: 'Revenue' },
      pivotConfig: { pivotDimensions: ['orders_status'], metricsAsRows: false, rowTotals: true, columnTotals: true },
    });
    const job = await finishedJob(started.body.results.jobId);
    const grid = parseCsv((await downloadCsv(job.details.fileUrl)).text);
    const statuses = [...new Set(rows.map((row) => String(row['orders_status']?.value.raw)))];
    const months = [...new Set(rows.map((row) => String(row['orders_order_date_month']?.value.raw)))];
    const amount = (month: string, status: string) =>
      rows.find((row) => row['orders_order_date_month']?.value.raw === month && row['orders_status']?.value.raw === status)?.[
        'orders_total_order_amount'
      ]?.value.raw as number | undefined;
    const total = (values: Array<number | undefined>) =>
      Math.round(values.reduce<number>((sum, value) => sum + (value ?? 0), 0) * 100) / 100;
    expect(grid[0]).toEqual(['Status', ...statuses, 'Total']);
    expect(grid[1]).toEqual(['Order date month', ...statuses.map(() => 'Revenue'), 'Revenue']);
    expect(
      grid.slice(2, 2 + months.length).map((line) => line.map((cell, i) => (i === 0 ? cell : cell === '' ? undefined : Number(cell)))),
    ).toEqual(
      months.map((month) => [
        month.slice(0, 10),
        ...statuses.map((status) => amount(month, status)),
        total(statuses.map((status) => amount(month, status))),
      ]),
    );
    expect(grid[2 + months.length]?.map((cell, i) => (i === 0 ? cell : Number(cell)))).toEqual([
      'Total',
      ...statuses.map((status) => total(months.map((month) => amount(month, status)))),
      total(rows.map((row) => row['orders_total_order_amount']?.value.raw as number)),
    ]);
  });

  it('cuts at csvLimit and says so; null exports every row past the query limit', async () => {
    const cut = await finishedJob(
      (await exportCsv({ columnOrder: [], showTableNames: false, onlyRaw: true, csvLimit: 3 })).body.results.jobId,
    );
    expect(cut.details).toMatchObject({ truncated: true, progress: { rowsWritten: 3 } });
    expect(cut.details.fileName).toMatch(/^csv-incomplete_results-orders-/);
    expect(parseCsv((await downloadCsv(cut.details.fileUrl)).text)).toHaveLength(4);

    const all = await finishedJob(
      (await exportCsv({ limit: 2, columnOrder: [], showTableNames: false, onlyRaw: true, csvLimit: null })).body.results.jobId,
    );
    expect(all.details).toMatchObject({ truncated: false, progress: { rowsWritten: rows.length } });
    const byLimit = await finishedJob(
      (await exportCsv({ limit: 2, columnOrder: [], showTableNames: false, onlyRaw: true })).body.results.jobId,
    );
    expect(byLimit.details).toMatchObject({ truncated: true, progress: { rowsWritten: 2 } });
  });

  it('keeps the job and its file to their owner; unknown jobs are 404 envelopes; bad input is 400', async () => {
    const started = await exportCsv({ columnOrder: [], showTableNames: false, onlyRaw: false });
    const job = await finishedJob(started.body.results.jobId);
    const other = await userWithToken('developer');
    const status = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${started.body.results.jobId}/status`, { token: other.token });
    expect(status.status).toBe(404);
    expect(status.body).toMatchObject({ status: 'error', error: { name: 'NotFoundError' } });
    expect((await downloadCsv(job.details.fileUrl, other.token)).status).toBe(404);
    expect((await fetch(`${baseUrl}${new URL(job.details.fileUrl).pathname}`)).status).toBe(401);
    const unknown = await call(baseUrl, 'GET', '/api/v1/schedulers/job/00000000-0000-4000-8000-000000000000/status', { token: adminToken });
    expect(unknown).toMatchObject({ status: 404, body: { status: 'error', error: { name: 'NotFoundError' } } });

    const viewer = await userWithToken('viewer');
    expect((await exportCsv({ columnOrder: [], showTableNames: false, onlyRaw: false }, viewer.token)).status).toBe(403);
    const badField = await exportCsv({ dimensions: ['orders_nope'], columnOrder: [], showTableNames: false, onlyRaw: false });
    expect([badField.status, JSON.stringify(badField.body.error)]).toEqual([400, expect.stringContaining('orders_nope')]);
    const badLimit = await exportCsv({ columnOrder: [], showTableNames: false, onlyRaw: false, csvLimit: 0 });
    expect([badLimit.status, JSON.stringify(badLimit.body.error)]).toEqual([400, expect.stringContaining('csvLimit')]);
    const missing = await exportCsv({ showTableNames: false, onlyRaw: false });
    expect([missing.status, JSON.stringify(missing.body.error)]).toEqual([400, expect.stringContaining('columnOrder')]);
  });
});

describe('an export whose worker is killed mid-way', () => {
  it('completes after the worker restarts, with one complete file and no partial file', async () => {
    // An API and worker of this test's own (same database, own queue), so killing the worker
    // touches nothing else.
    const env = { ...shared.env, QUEUE_PREFIX: `${shared.env['QUEUE_PREFIX']}-kill` };
    const { api, baseUrl: url } = await startApi(env);
    let worker = startApp('worker', { ...env, LOG_LEVEL: 'info' });
    try {
      const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
      const started = await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: adminToken,
        body: {
          ...query,
          dimensions: ['orders_order_id', 'slow'],
          metrics: [],
          sorts: [{ fieldId: 'orders_order_id', descending: false }],
          // 50 ms per order (the sleep depends on the row, so it runs for each): about five seconds
          // of warehouse work, long enough to be killed in.
          customDimensions: [
            {
              id: 'slow',
              name: 'Slow',
              table: 'orders',
              type: 'sql',
              sql: `\${orders.status} || (SELECT '' FROM pg_sleep(0.05 * (\${orders.order_id} > 0)::int))`,
              dimensionType: 'string',
            },
          ],
          columnOrder: [],
          showTableNames: false,
          onlyRaw: true,
          csvLimit: null,
        },
      });
      expect(started.status).toBe(200);
      const { jobId } = started.body.results;
      const exportsDir = join(shared.dataDir, 'files', 'exports');
      await waitFor('the export to be writing', async () => (existsSync(join(exportsDir, '.partial', `${jobId}.part`)) ? true : undefined));
      await waitFor('the query to be running', async () => {
        const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
        await client.connect();
        try {
          // A raw export is written by PostgreSQL (COPY … TO STDOUT); others read through a cursor (FETCH). Either sleeps in our SQL.
          const running = await client.query(
            `SELECT 1 FROM pg_stat_activity WHERE application_name = 'quarry' AND (query LIKE 'COPY%' OR query LIKE 'FETCH%') AND wait_event = 'PgSleep'`,
          );
          return running.rowCount ? true : undefined;
        } finally {
          await client.end();
        }
      });
      worker.child.kill('SIGKILL');
      await worker.exited;
      expect(existsSync(join(exportsDir, jobId))).toBe(false);

      worker = startApp('worker', { ...env, LOG_LEVEL: 'info' });
      const job = await finishedJob(jobId, url, 60_000);
      expect(job.details).toMatchObject({ truncated: false, progress: { rowsWritten: 99 } });
      expect(readdirSync(join(exportsDir, jobId))).toHaveLength(1);
      expect(existsSync(join(exportsDir, '.partial', `${jobId}.part`))).toBe(false);
      const [, ...body] = parseCsv((await downloadCsv(job.details.fileUrl, adminToken, url)).text);
      expect(body.map((row) => Number(row[0]))).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    } finally {
      await worker.stop();
      await api.stop();
    }
  }, 120_000);
});

describe('Sheets uploads (E7) against a local fake of Google', () => {
  it('is refused up front when Sheets is not configured', async () => {
    const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    const response = await call(baseUrl, 'POST', '/api/v1/drive/upload-sheet', {
      token: adminToken,
      body: {
        projectUuid,
        exploreId: 'orders',
        metricQuery: query,
        showTableNames: false,
        columnOrder: [],
        hiddenFields: [],
        customLabels: {},
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/GOOGLE_SERVICE_ACCOUNT_JSON/);
  });

  it('creates a spreadsheet shared with the user, writes header and values, and retries rate limits', async () => {
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const clientEmail = 'quarry-exports@e2e.iam.gserviceaccount.com';
    const fake = await startFakeSheets({ serviceAccounts: [{ clientEmail, publicKey: keys.publicKey }] });
    const env = {
      ...shared.env,
      QUEUE_PREFIX: `${shared.env['QUEUE_PREFIX']}-sheets`,
      GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify({ type: 'service_account', client_email: clientEmail, private_key: keys.privateKey }),
      GOOGLE_SHEETS_API_ROOT: fake.url,
      GOOGLE_DRIVE_API_ROOT: fake.url,
      GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl,
    };
    const { api, baseUrl: url } = await startApi(env);
    const worker = startApp('worker', env);
    try {
      const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
      const rows: Row[] = (
        await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: adminToken, body: query })
      ).body.results.rows;
      // Google's quota answers: the writer must wait and try again.
      fake.failNext('spreadsheets.batchUpdate', 429, 2, { retryAfter: '1' });
      const started = await call(url, 'POST', '/api/v1/drive/upload-sheet', {
        token: adminToken,
        body: {
          projectUuid,
          exploreId: 'orders',
          metricQuery: query,
          showTableNames: false,
          columnOrder: ['orders_status'],
          hiddenFields: ['orders_unique_order_count'],
          customLabels: { orders_status: 'State' },
        },
      });
      expect(started.status).toBe(200);
      const job = await finishedJob(started.body.results.jobId, url, 60_000);
      const spreadsheet = [...fake.spreadsheets.values()].find((candidate) => candidate.spreadsheetUrl === job.details.fileUrl);
      expect(spreadsheet?.title).toMatch(/^orders /);
      expect(job.details).toMatchObject({ truncated: false, progress: { rowsWritten: rows.length } });
      expect(spreadsheet?.permissions).toEqual([expect.objectContaining({ emailAddress: 'admin@e2e.test', role: 'writer' })]);
      expect(fake.count('spreadsheets.batchUpdate', 429)).toBe(2);
      const cells = spreadsheet?.sheets[0]?.cells.map((line) => line.map((cell) => String(cell)));
      expect(cells?.[0]).toEqual(['State', 'Total order amount', 'Order date month']);
      expect(cells?.slice(1)).toEqual(
        rows.map((row) => [
          row['orders_status']?.value.formatted,
          row['orders_total_order_amount']?.value.formatted,
          row['orders_order_date_month']?.value.formatted,
        ]),
      );
    } finally {
      await worker.stop();
      await api.stop();
      await fake.close();
    }
  }, 120_000);
});
