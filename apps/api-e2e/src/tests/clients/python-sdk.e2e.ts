import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { organizationDataFolder } from '@quarry/domain';

import { type ApiResponse, call } from '../../support/api-client';
import { createOrganization } from '../../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { waitFor } from '../../support/processes';
import { sharedQuarry } from '../../support/shared-quarry';
import { userWithToken } from '../../support/users';

/**
 * The client-compatibility tier: the HTTP calls of the reference's Python SDK (`lightdash` on PyPI,
 * github.com/lightdash/python-sdk), replayed with the bodies, query strings and headers it sends —
 * `Authorization: ApiKey <token>`, `Accept: application/json`, results read from `results` of the
 * `{ status: "ok" }` envelope. Each block names the SDK method whose requests it replays.
 */
const { baseUrl, adminToken, env, dataDir } = sharedQuarry();

/** The SDK's Client._make_request: one request, the envelope's `results` when status is "ok". */
function sdk(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; params?: Record<string, string | number>; token?: string } = {},
): Promise<ApiResponse> {
  const query = options.params
    ? `?${new URLSearchParams(Object.entries(options.params).map(([key, value]): [string, string] => [key, String(value)])).toString()}`
    : '';
  return call(baseUrl, method, `${path}${query}`, {
    token: options.token ?? adminToken,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}

/** SqlRunner._fetch_raw_results: the path of `details.fileUrl`, read as JSON lines. */
async function fetchJsonLines(
  fileUrl: string,
  token = adminToken,
): Promise<{ status: number; rows: Array<Record<string, unknown>>; text: string }> {
  const path = /\/api\/v1\/projects\/.+\/sqlRunner\/results\/.+/.exec(fileUrl)?.[0];
  if (!path) throw new Error(`fileUrl is not a SQL runner results URL: ${fileUrl}`);
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `ApiKey ${token}`, accept: 'application/json' } });
  const text = await response.text();
  const rows =
    response.status === 200
      ? text
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  return { status: response.status, rows, text };
}

/** Query._build_payload with the SDK's CompositeFilter.to_dict: rules without ids, one level. */
function sdkPayload(
  exploreName: string,
  dimensions: string[],
  metrics: string[],
  rules: Array<{ fieldId: string; operator: string; values: unknown[] }>,
  limit: number,
) {
  return {
    exploreName,
    dimensions,
    metrics,
    filters: {
      dimensions: { and: rules.map((rule) => ({ target: { fieldId: rule.fieldId }, operator: rule.operator, values: rule.values })) },
    },
    limit,
    tableCalculations: [],
    sorts: [],
  };
}

/** _QueryExecutor.execute: submit with context "api", then poll page 1 at the page size the SDK chose from /health. */
async function sdkExecute(projectUuid: string, payload: Record<string, unknown>, pageSize: number) {
  const submitted = await sdk('POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
    body: { query: payload, context: 'api', invalidateCache: false },
  });
  if (submitted.status !== 200) return { submitted, first: undefined, queryUuid: undefined };
  const queryUuid = submitted.body.results.queryUuid as string;
  const first = await waitFor(`query ${queryUuid}`, async () => {
    const page = await sdk('GET', `/api/v2/projects/${projectUuid}/query/${queryUuid}`, { params: { page: 1, pageSize } });
    const status = page.body.results?.status;
    if (status === 'error' || status === 'cancelled') throw new Error(JSON.stringify(page.body.results));
    return status === 'ready' ? page.body.results : undefined;
  });
  return { submitted, first, queryUuid };
}

/** SqlRunner._poll_for_result: the scheduler job status until completed or error. */
async function sqlJob(jobId: string, token = adminToken) {
  return waitFor(`SQL runner job ${jobId}`, async () => {
    const status = await sdk('GET', `/api/v1/schedulers/job/${jobId}/status`, { token });
    const state = status.body.results?.status;
    return state === 'completed' || state === 'error' ? status.body.results : undefined;
  });
}

describe('health: the query limits the SDK reads before every query (Client.get_query_limits)', () => {
  it('publishes query.maxLimit, maxPageSize, defaultLimit and csvCellsLimit from the configuration', async () => {
    const health = await call(baseUrl, 'GET', '/api/v1/health', {});
    expect(health.status).toBe(200);
    const limits = health.body.results.query;
    expect(limits).toEqual({
      maxLimit: Number(env['QUERY_MAX_LIMIT'] ?? 5000),
      maxPageSize: Number(env['QUERY_MAX_PAGE_SIZE'] ?? 5000),
      defaultLimit: Math.min(Number(env['QUERY_DEFAULT_LIMIT'] ?? 500), Number(env['QUERY_MAX_LIMIT'] ?? 5000)),
      csvCellsLimit: Number(env['EXPORT_MAX_CELLS'] ?? 0) > 0 ? Number(env['EXPORT_MAX_CELLS']) : Number.MAX_SAFE_INTEGER,
    });
  });
});

describe.each([
  ['DuckDB', JAFFLE_WAREHOUSES.duckdb],
  ['PostgreSQL', JAFFLE_WAREHOUSES.postgres],
])('the SDK on a %s warehouse', (_name, warehouse) => {
  let projectUuid: string;
  let limits: { maxLimit: number; maxPageSize: number };
  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(warehouse);
    limits = (await call(baseUrl, 'GET', '/api/v1/health', {})).body.results.query;
  }, 90_000);

  it('lists explores with their type (Client.list_models) and reads one (Model fields)', async () => {
    const explores = await sdk('GET', `/api/v1/projects/${projectUuid}/explores`);
    expect(explores.status).toBe(200);
    const customers = (explores.body.results as Array<Record<string, unknown>>).find((explore) => explore['name'] === 'customers');
    expect(customers).toMatchObject({ name: 'customers', label: 'Customers', type: 'default' });
    for (const explore of explores.body.results) expect(explore.type).toBe('default');
    const one = await sdk('GET', `/api/v1/projects/${projectUuid}/explores/customers`);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body.results.tables.customers.dimensions)).toContain('first_order');
  });

  it('filters with values [null] — "is empty" — and rules without ids (Query.filter(dim == None))', async () => {
    const pageSize = Math.min(limits.maxPageSize, 500);
    const run = (operator: string, values: unknown[], fieldId = 'customers_first_order') =>
      sdkExecute(projectUuid, sdkPayload('customers', ['customers_customer_id'], [], [{ fieldId, operator, values }], 500), pageSize);
    const empty = await run('equals', [null]);
    expect(empty.submitted.status).toBe(200);
    const isNull = await run('isNull', []);
    expect(empty.first.totalResults).toBe(38);
    expect(empty.first.rows).toEqual(isNull.first.rows);
    expect((await run('equals', [null], 'customers_customer_lifetime_value')).first.totalResults).toBe(38);
    expect((await run('notEquals', [null])).first.totalResults).toBe(62);
    // A value or null: the 38 empty ones and customer 1.
    expect((await run('equals', [1, null], 'customers_customer_id')).first.totalResults).toBe(1);
  });

  it('names the field, never "undefined", when a rule without an id is wrong', async () => {
    const bad = await sdkExecute(
      projectUuid,
      sdkPayload(
        'customers',
        ['customers_customer_id'],
        [],
        [{ fieldId: 'customers_first_name', operator: 'greaterThan', values: [null] }],
        10,
      ),
      10,
    );
    expect(bad.submitted.status).toBe(400);
    expect(bad.submitted.body.error.message).not.toContain('undefined');
    expect(bad.submitted.body.error.message).toContain('"customers_first_name"');
    expect(bad.submitted.body.error.data).toMatchObject({ fieldId: 'customers_first_name' });
  });

  it('pages a large result at the page size the health limits allow (Query.execute, QueryResult.iter_pages)', async () => {
    const limit = 2005;
    // Query.execute: page_size = max(1, min(maxPageSize, limit)).
    const pageSize = Math.max(1, Math.min(limits.maxPageSize, limit));
    const payload = sdkPayload('events', ['events_event_id'], [], [], limit);
    const { first, queryUuid } = await sdkExecute(projectUuid, payload, pageSize);
    expect(first.totalResults).toBe(2005);
    expect(first.rows).toHaveLength(Math.min(2005, pageSize));
    expect(first.totalPageCount).toBe(Math.ceil(2005 / pageSize));
    // iter_pages(page_size=500): pages 1…ceil(total / 500), every row once.
    const rows: unknown[] = [];
    for (let page = 1; page <= Math.ceil(first.totalResults / 500); page += 1) {
      rows.push(
        ...(await sdk('GET', `/api/v2/projects/${projectUuid}/query/${queryUuid}`, { params: { page, pageSize: 500 } })).body.results.rows,
      );
    }
    expect(rows).toHaveLength(2005);
    expect(new Set(rows.map((row) => JSON.stringify(row))).size).toBe(2005);
    // The SDK refuses limits above maxLimit itself; the server still does.
    const over = await sdk('POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
      body: { query: { ...payload, limit: limits.maxLimit + 1 }, context: 'api', invalidateCache: false },
    });
    expect(over.status).toBe(400);
  });

  it('compiles the SDK payload (compileQuery) with the null filter as IS NULL', async () => {
    const compiled = await sdk('POST', `/api/v1/projects/${projectUuid}/explores/customers/compileQuery`, {
      body: sdkPayload(
        'customers',
        ['customers_customer_id'],
        [],
        [{ fieldId: 'customers_first_order', operator: 'equals', values: [null] }],
        500,
      ),
    });
    expect(compiled.status).toBe(200);
    expect(JSON.stringify(compiled.body.results)).toMatch(/IS NULL/);
  });

  it('runs ad-hoc SQL (Client.sql): job id, status with columns and fileUrl, rows as JSON lines', async () => {
    const sql = 'SELECT customer_id, first_name, first_order FROM jaffle.customers ORDER BY customer_id';
    const started = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, { body: { sql, limit: 500 } });
    expect(started.status).toBe(200);
    const job = await sqlJob(started.body.results.jobId);
    expect(job.status).toBe('completed');
    expect(job.details.columns.map((column: { reference: string }) => column.reference)).toEqual([
      'customer_id',
      'first_name',
      'first_order',
    ]);
    expect(job.details.columns[0]).toEqual({ reference: 'customer_id', type: 'number' });
    expect(job.details).toMatchObject({ truncated: false, progress: { rowsWritten: 100 } });
    const results = await fetchJsonLines(job.details.fileUrl);
    expect(results.status).toBe(200);
    expect(results.rows).toHaveLength(100);
    // Raw values as the warehouse driver gives them, JSON-safe: a DATE is its UTC midnight, as in the reference.
    expect(results.rows[0]).toEqual({ customer_id: 1, first_name: 'Michael', first_order: '2018-01-01T00:00:00.000Z' });
    expect(results.rows.filter((row) => row['first_order'] === null)).toHaveLength(38);
  });

  it('stops at the limit and says so (Client.sql(limit=…))', async () => {
    const started = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, {
      body: { sql: 'SELECT order_id FROM jaffle.orders ORDER BY order_id', limit: 7 },
    });
    const job = await sqlJob(started.body.results.jobId);
    expect(job.details).toMatchObject({ truncated: true, progress: { rowsWritten: 7 } });
    expect((await fetchJsonLines(job.details.fileUrl)).rows.map((row) => row['order_id'])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const over = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, {
      body: { sql: 'SELECT 1', limit: limits.maxLimit + 1 },
    });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body.error.data)).toContain('limit');
  });

  it('lists the warehouse catalog (sql_runner.tables, sql_runner.fields)', async () => {
    const tables = await sdk('GET', `/api/v1/projects/${projectUuid}/sqlRunner/tables`);
    expect(tables.status).toBe(200);
    // The DuckDB fixture file is named postgres.duckdb: both catalogs are called "postgres".
    const database = 'postgres';
    expect(tables.body.results[database].jaffle).toHaveProperty('customers', {});
    const byReference = await sdk('GET', `/api/v1/projects/${projectUuid}/sqlRunner/fields`, {
      params: { tableName: 'customers', schemaName: 'jaffle', databaseName: database },
    });
    expect(byReference.status).toBe(200);
    expect(byReference.body.results).toMatchObject({ customer_id: 'number', first_name: 'string', first_order: 'date' });
    // The SDK's own spelling: table=…&schema=…
    const bySdk = await sdk('GET', `/api/v1/projects/${projectUuid}/sqlRunner/fields`, {
      params: { table: 'customers', schema: 'jaffle' },
    });
    expect(bySdk.body.results).toEqual(byReference.body.results);
    expect((await sdk('GET', `/api/v1/projects/${projectUuid}/sqlRunner/fields`, { params: { tableName: 'nope' } })).status).toBe(404);
    expect((await sdk('GET', `/api/v1/projects/${projectUuid}/sqlRunner/fields`)).status).toBe(400);
  });

  it('refuses several statements, writes and non-queries, naming sql (400), before queuing anything', async () => {
    const refused = [
      'SELECT 1; SELECT 2',
      'DELETE FROM jaffle.orders',
      'CREATE TABLE jaffle.pwned AS SELECT 1',
      "COPY (SELECT 1) TO '/tmp/quarry-sql-runner-pwned.csv'",
      'WITH gone AS (DELETE FROM jaffle.orders RETURNING 1) SELECT * FROM gone',
      'SELECT 1 INTO jaffle.pwned2',
      '',
    ];
    for (const sql of refused) {
      const response = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, { body: { sql, limit: 10 } });
      expect({ sql, status: response.status }).toEqual({ sql, status: 400 });
      expect({ sql, data: JSON.stringify(response.body.error.data) }).toEqual({ sql, data: expect.stringContaining('sql') });
    }
    expect(existsSync('/tmp/quarry-sql-runner-pwned.csv')).toBe(false);
    const orders = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, {
      body: { sql: 'SELECT COUNT(*) AS n FROM jaffle.orders', limit: 1 },
    });
    const job = await sqlJob(orders.body.results.jobId);
    expect((await fetchJsonLines(job.details.fileUrl)).rows).toEqual([{ n: 99 }]);
  });
});

describe('saved SQL charts (E11) hold only what the SQL runner would run', () => {
  it('refuses saving several statements or a write, naming the field (400); one query saves', async () => {
    const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
    const space = await sdk('POST', `/api/v1/projects/${projectUuid}/spaces`, { body: { name: `SQL charts ${Date.now()}` } });
    const chart = (sql: string) => ({ name: 'Customers', sql, limit: 10, config: { type: 'table' }, spaceUuid: space.body.results.uuid });
    const saved = `/api/v1/projects/${projectUuid}/sqlRunner/saved`;
    for (const sql of ['SELECT 1; DROP TABLE jaffle.orders', 'WITH gone AS (DELETE FROM jaffle.orders RETURNING 1) SELECT * FROM gone']) {
      const refused = await sdk('POST', saved, { body: chart(sql) });
      expect({ sql, status: refused.status, data: refused.body.error?.data }).toEqual({
        sql,
        status: 400,
        data: { sql: [expect.any(String)] },
      });
    }
    const created = await sdk('POST', saved, { body: chart('SELECT customer_id FROM jaffle.customers') });
    expect(created.status).toBe(200);
    const update = await sdk('POST', saved, { body: chart('SELECT 1') });
    const patched = await call(baseUrl, 'PATCH', `${saved}/${update.body.results.savedSqlUuid}`, {
      token: adminToken,
      body: { versionedData: { sql: 'SELECT 1; SELECT 2', limit: 10, config: { type: 'table' } } },
    });
    expect({ status: patched.status, data: patched.body.error?.data }).toEqual({
      status: 400,
      data: { 'versionedData.sql': [expect.any(String)] },
    });
  });
});

describe('SQL runner: tried as an attacker', () => {
  let projectUuid: string;
  let fileUrl: string;
  let jobId: string;
  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    const started = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, {
      body: { sql: 'SELECT first_name FROM jaffle.customers', limit: 5 },
    });
    jobId = started.body.results.jobId;
    fileUrl = (await sqlJob(jobId)).details.fileUrl;
  }, 90_000);

  it('keeps the results in the organization folder of DATA_DIR', () => {
    const { organizationUuid } = sharedQuarry();
    expect(existsSync(join(organizationDataFolder(dataDir, organizationUuid), 'sql-runner', projectUuid, `${jobId}.jsonl`))).toBe(true);
  });

  it('lets viewers, interactive viewers and editors run no SQL and list no catalog (403), developers do', async () => {
    for (const role of ['viewer', 'interactive_viewer', 'editor', 'developer'] as const) {
      const user = await userWithToken('member');
      await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, { token: adminToken, body: { userUuid: user.userUuid, role } });
      const run = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, {
        token: user.token,
        body: { sql: 'SELECT 1 AS one', limit: 1 },
      });
      const tables = await sdk('GET', `/api/v1/projects/${projectUuid}/sqlRunner/tables`, { token: user.token });
      const expected = role === 'developer' ? 200 : 403;
      expect({ role, run: run.status, tables: tables.status }).toEqual({ role, run: expected, tables: expected });
      // Nor may they read another user's results.
      expect({ role, results: (await fetchJsonLines(fileUrl, user.token)).status }).toEqual({ role, results: 404 });
    }
    // Each user's token comes from the CLI (a process per user).
  }, 300_000);

  it("answers another organization's admin 404 for the results, the job and the project's runner", async () => {
    const other = await createOrganization(env, 'SQL runner intruders', `intruder-${Date.now()}@other.test`);
    expect((await fetchJsonLines(fileUrl, other.token)).status).toBe(404);
    expect((await sdk('GET', `/api/v1/schedulers/job/${jobId}/status`, { token: other.token })).status).toBe(404);
    expect(
      (await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, { token: other.token, body: { sql: 'SELECT 1', limit: 1 } }))
        .status,
    ).toBe(404);
    // Its own project's path with A's file id: still nothing.
    const own = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: other.token,
      body: {
        name: 'Intruder',
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: { type: 'duckdb', path: 'warehouses/none.duckdb' },
        transformConnection: { type: 'none' },
      },
    });
    const ownProject = own.body.results?.project?.projectUuid ?? projectUuid;
    const response = await fetch(`${baseUrl}/api/v1/projects/${ownProject}/sqlRunner/results/${jobId}`, {
      headers: { authorization: `ApiKey ${other.token}` },
    });
    expect(response.status).toBe(404);
  });

  it('refuses file access outside the DuckDB sandbox when the query runs (the job fails, nothing read)', async () => {
    for (const sql of [
      "SELECT * FROM read_csv('/etc/passwd')",
      `SELECT * FROM read_text('${join(dataDir, 'secret.key')}')`,
      "SELECT * FROM glob('/*')",
    ]) {
      const started = await sdk('POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, { body: { sql, limit: 10 } });
      expect(started.status).toBe(200);
      const job = await sqlJob(started.body.results.jobId);
      expect({ sql, status: job.status }).toEqual({ sql, status: 'error' });
      expect(job.details.fileUrl).toBeUndefined();
      expect(String(job.details.error)).not.toContain('root:');
    }
  });
});
