import { type ApiResponse, call } from '../../support/api-client';
import { createOrganization } from '../../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { waitFor } from '../../support/processes';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';

/**
 * Saved SQL charts run through the SQL runner (the reference's `GET …/sqlRunner/saved/{uuid}/results-job`
 * and `…/saved/slug/{slug}/results-job`), tried as an attacker: a viewer may run what a developer saved
 * but no SQL of their own; whoever may not see the chart learns nothing (404).
 */
const { baseUrl, adminToken, env } = sharedQuarry();
const maxLimit = Number(env['QUERY_MAX_LIMIT'] ?? 5000);

function get(path: string, token: string): Promise<ApiResponse> {
  return call(baseUrl, 'GET', path, { token });
}

/** The job's status until it ends, then its rows (the JSON lines of details.fileUrl) for the same caller. */
async function runResult(jobId: string, token: string) {
  const job = await waitFor(`saved SQL chart job ${jobId}`, async () => {
    const status = await get(`/api/v1/schedulers/job/${jobId}/status`, token);
    const state = status.body.results?.status;
    return state === 'completed' || state === 'error' ? status.body.results : undefined;
  });
  if (job.status !== 'completed') return { job, rows: [] };
  const path = /\/api\/v1\/projects\/.+\/sqlRunner\/results\/.+/.exec(String(job.details.fileUrl))?.[0] ?? '';
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `ApiKey ${token}` } });
  const text = await response.text();
  const rows = text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { job, rows };
}

describe('saved SQL charts run through the SQL runner by whoever may view them', () => {
  let projectUuid: string;
  let otherProjectUuid: string;
  let viewer: Member;
  let otherProjectViewer: Member;
  let chart: { savedSqlUuid: string; slug: string };
  let privateChart: { savedSqlUuid: string; slug: string };
  const runPath = (id: string, project = projectUuid) => `/api/v1/projects/${project}/sqlRunner/saved/${id}/results-job`;

  async function saveChart(spaceUuid: string, sql: string, limit = 10): Promise<{ savedSqlUuid: string; slug: string }> {
    const saved = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/sqlRunner/saved`, {
      token: adminToken,
      body: { name: `Customers ${Date.now()}`, sql, limit, config: { type: 'table' }, spaceUuid },
    });
    if (saved.status !== 200) throw new Error(`could not save the chart: ${JSON.stringify(saved.body)}`);
    return saved.body.results;
  }

  async function space(project: string, isPrivate: boolean): Promise<string> {
    const created = await call(baseUrl, 'POST', `/api/v1/projects/${project}/spaces`, {
      token: adminToken,
      body: { name: `SQL charts ${isPrivate ? 'private' : 'shared'} ${Date.now()}`, isPrivate },
    });
    return created.body.results.uuid;
  }

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    otherProjectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    viewer = await userWithToken('member');
    otherProjectViewer = await userWithToken('member');
    await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
      token: adminToken,
      body: { userUuid: viewer.userUuid, role: 'viewer' },
    });
    await call(baseUrl, 'POST', `/api/v1/projects/${otherProjectUuid}/access`, {
      token: adminToken,
      body: { userUuid: otherProjectViewer.userUuid, role: 'viewer' },
    });
    chart = await saveChart(await space(projectUuid, false), 'SELECT customer_id FROM jaffle.customers ORDER BY customer_id', 3);
    privateChart = await saveChart(await space(projectUuid, true), 'SELECT 42 AS secret');
  }, 180_000);

  it('lets a viewer run a saved chart by uuid and by slug (its saved SQL, its limit), but no SQL of their own (403)', async () => {
    const byUuid = await get(runPath(chart.savedSqlUuid), viewer.token);
    expect(byUuid.status).toBe(200);
    const first = await runResult(byUuid.body.results.jobId, viewer.token);
    expect(first.job.status).toBe('completed');
    expect(first.job.details.columns.map((column: { reference: string }) => column.reference)).toEqual(['customer_id']);
    expect(first.rows).toEqual([{ customer_id: 1 }, { customer_id: 2 }, { customer_id: 3 }]);

    const bySlug = await get(runPath(`slug/${chart.slug}`), viewer.token);
    expect(bySlug.status).toBe(200);
    expect((await runResult(bySlug.body.results.jobId, viewer.token)).rows).toEqual(first.rows);

    const adHoc = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/sqlRunner/run`, {
      token: viewer.token,
      body: { sql: 'SELECT customer_id FROM jaffle.customers', limit: 3 },
    });
    expect(adHoc.status).toBe(403);
  }, 120_000);

  it("runs the chart's latest saved SQL: a developer's edit changes what the viewer's next run returns", async () => {
    const edited = await saveChart(await space(projectUuid, false), 'SELECT 1 AS version');
    expect((await runResult((await get(runPath(edited.savedSqlUuid), viewer.token)).body.results.jobId, viewer.token)).rows).toEqual([
      { version: 1 },
    ]);
    const patched = await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/sqlRunner/saved/${edited.savedSqlUuid}`, {
      token: adminToken,
      body: { versionedData: { sql: 'SELECT 2 AS version', limit: 10, config: { type: 'table' } } },
    });
    expect(patched.status).toBe(200);
    expect((await runResult((await get(runPath(edited.savedSqlUuid), viewer.token)).body.results.jobId, viewer.token)).rows).toEqual([
      { version: 2 },
    ]);
  }, 120_000);

  it('bounds a chart saved with a limit above QUERY_MAX_LIMIT to QUERY_MAX_LIMIT rows', async () => {
    const big = await saveChart(
      await space(projectUuid, false),
      `SELECT i FROM generate_series(1, ${maxLimit + 100}) AS t(i)`,
      Math.min(1_000_000, maxLimit * 10),
    );
    const run = await runResult((await get(runPath(big.savedSqlUuid), viewer.token)).body.results.jobId, viewer.token);
    expect({ status: run.job.status, rows: run.rows.length, truncated: run.job.details.truncated }).toEqual({
      status: 'completed',
      rows: maxLimit,
      truncated: true,
    });
  }, 120_000);

  it('answers 404 for a chart in a private space the viewer cannot see, by uuid and by slug', async () => {
    expect((await get(runPath(privateChart.savedSqlUuid), viewer.token)).status).toBe(404);
    expect((await get(runPath(`slug/${privateChart.slug}`), viewer.token)).status).toBe(404);
    // The admin who owns the space runs it.
    expect((await get(runPath(privateChart.savedSqlUuid), adminToken)).status).toBe(200);
  });

  it("answers 404 to a viewer of another project, by this project's path or their own", async () => {
    expect((await get(runPath(chart.savedSqlUuid), otherProjectViewer.token)).status).toBe(404);
    expect((await get(runPath(chart.savedSqlUuid, otherProjectUuid), otherProjectViewer.token)).status).toBe(404);
    expect((await get(runPath(`slug/${chart.slug}`, otherProjectUuid), otherProjectViewer.token)).status).toBe(404);
  });

  it("answers 404 to another organization's admin, and hides the viewer's job and rows from them", async () => {
    const other = await createOrganization(env, 'Saved SQL intruders', `saved-sql-intruder-${Date.now()}@other.test`);
    expect((await get(runPath(chart.savedSqlUuid), other.token)).status).toBe(404);
    expect((await get(runPath(`slug/${chart.slug}`), other.token)).status).toBe(404);
    const jobId = (await get(runPath(chart.savedSqlUuid), viewer.token)).body.results.jobId as string;
    await runResult(jobId, viewer.token);
    expect((await get(`/api/v1/schedulers/job/${jobId}/status`, other.token)).status).toBe(404);
    expect((await get(`/api/v1/projects/${projectUuid}/sqlRunner/results/${jobId}`, other.token)).status).toBe(404);
  }, 120_000);

  it('takes no SQL from the request: a query string or body naming SQL changes nothing', async () => {
    const response = await fetch(`${baseUrl}${runPath(chart.savedSqlUuid)}?sql=${encodeURIComponent('SELECT 666 AS injected')}`, {
      headers: { authorization: `ApiKey ${viewer.token}` },
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: { jobId: string } };
    expect((await runResult(results.jobId, viewer.token)).rows).toEqual([{ customer_id: 1 }, { customer_id: 2 }, { customer_id: 3 }]);
  }, 120_000);
});
