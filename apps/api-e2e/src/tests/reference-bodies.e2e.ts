import { randomUUID } from 'node:crypto';

import { jaffleManifest, jaffleManifestWithCatalogMeta } from '@quarry/testing';

import { REFERENCE_BODIES, referenceCreateProject } from '../fixtures/reference-bodies';
import { call } from '../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';

const { baseUrl, adminToken } = sharedQuarry();

/**
 * Issue 14: every request body a Lightdash client builds from the reference request types is
 * accepted, route by route, and what it asks for is applied (dateZoom, dashboardFilters).
 */
let projectUuid: string;
let spaceUuid: string;
let pinnedListUuid: string;

const post = (path: string, body: unknown) => call(baseUrl, 'POST', path, { token: adminToken, body });
const get = (path: string) => call(baseUrl, 'GET', path, { token: adminToken });
const expectOk = (response: { status: number; body: unknown }) =>
  expect([response.status, response.body]).toEqual([200, expect.objectContaining({ status: 'ok' })]);
type Row = Record<string, { value: { raw: unknown } }>;

beforeAll(async () => {
  projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb, jaffleManifestWithCatalogMeta());
  const space = await post(`/api/v1/projects/${projectUuid}/spaces`, { name: 'Reference' });
  spaceUuid = space.body.results.uuid;
  pinnedListUuid = (await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/spaces/${spaceUuid}/pinning`, { token: adminToken })).body
    .results.pinnedListUuid;
}, 120_000);

describe('reference request bodies (E1–E16) are accepted', () => {
  it('E1 runMetricExplorerQuery', async () => {
    expectOk(
      await post(
        `/api/v1/projects/${projectUuid}/metricsExplorer/orders/total_order_amount/runMetricExplorerQuery?startDate=2018-01-01&endDate=2018-04-30`,
        REFERENCE_BODIES.E1,
      ),
    );
  });

  it('E2 update a space, E3 get it', async () => {
    const updated = await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/spaces/${spaceUuid}`, {
      token: adminToken,
      body: REFERENCE_BODIES.E2,
    });
    expectOk(updated);
    expect(updated.body.results.name).toBe('Reference space');
    expectOk(await get(`/api/v1/projects/${projectUuid}/spaces/${spaceUuid}`));
  });

  it('E2 says why it refuses a projectMemberAccessRole or colorPaletteUuid it cannot apply', async () => {
    for (const body of [{ projectMemberAccessRole: 'editor' }, { colorPaletteUuid: randomUUID() }]) {
      const response = await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/spaces/${spaceUuid}`, { token: adminToken, body });
      expect([response.status, response.body.error.message]).toEqual([
        400,
        expect.stringContaining(`${Object.keys(body)[0]} is not supported`),
      ]);
    }
  });

  it('E4 runQuery applies dateZoom and echoes the reference fields', async () => {
    const response = await post(`/api/v1/projects/${projectUuid}/explores/orders/runQuery`, REFERENCE_BODIES.E4);
    expectOk(response);
    const months = response.body.results.rows.map((row: Row) => String(row['orders_order_date_month']?.value.raw));
    // Zoomed to Year: every order of 2018 falls in one bucket.
    expect(months.length).toBeGreaterThan(0);
    expect(months.every((month: string) => month.startsWith('2018-01-01'))).toBe(true);
    expect(response.body.results.metricQuery).toMatchObject({ pivotDimensions: ['orders_status'], metadata: REFERENCE_BODIES.E4.metadata });
  });

  it('E5 compileQuery', async () => {
    const response = await post(`/api/v1/projects/${projectUuid}/explores/orders/compileQuery`, REFERENCE_BODIES.E5);
    expectOk(response);
    expect(response.body.results.query).toMatch(/year/i);
  });

  it('E6 downloadCsv; the job’s fileUrl is on the API’s listen address (never the request Host)', async () => {
    const response = await post(`/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, REFERENCE_BODIES.E6);
    expectOk(response);
    const status = await waitFor('the export', async () => {
      const job = await get(`/api/v1/schedulers/job/${response.body.results.jobId}/status`);
      return ['completed', 'error'].includes(job.body.results.status) ? job.body.results : undefined;
    });
    expect(status).toMatchObject({
      status: 'completed',
      details: { fileUrl: expect.stringMatching(new RegExp(`^${baseUrl}/api/v1/projects/${projectUuid}/csv/`)) },
    });
  });

  it('E7 upload-sheet: the body is accepted; without Sheets it says so, and a missing project or explore is a 404', async () => {
    const body = {
      projectUuid,
      exploreId: 'orders',
      metricQuery: REFERENCE_BODIES.E4,
      showTableNames: true,
      columnOrder: [],
      hiddenFields: [],
      customLabels: {},
      pivotConfig: REFERENCE_BODIES.E6.pivotConfig,
    };
    const response = await post('/api/v1/drive/upload-sheet', body);
    expect(response.status).toBe(400);
    expect(response.body.error.name).not.toBe('ValidationError');
    expect(response.body.error.data).toHaveProperty('sheets');
    expect((await post('/api/v1/drive/upload-sheet', { ...body, projectUuid: randomUUID() })).status).toBe(404);
    expect((await post('/api/v1/drive/upload-sheet', { ...body, exploreId: 'no_such_explore' })).status).toBe(404);
  });

  it('E8 metrics catalog with every reference query parameter; ownerUserUuids filters', async () => {
    const path = `/api/v1/projects/${projectUuid}/dataCatalog/metrics`;
    const all = await get(`${path}?search=order&page=1&pageSize=50&sort=name&order=asc&categoriesFilterMode=any&tables=orders`);
    expectOk(all);
    expect(all.body.results.data.length).toBeGreaterThan(0);
    const owned = await get(`${path}?search=order&page=1&pageSize=50&tables=orders&ownerUserUuids=${randomUUID()}`);
    expectOk(owned);
    expect(owned.body.results).toMatchObject({ data: [], pagination: { totalResults: 0 } });
  });

  it('E9 table metadata, E13 colour palettes, E14 charts as code', async () => {
    expectOk(await get(`/api/v1/projects/${projectUuid}/dataCatalog/orders/metadata`));
    expectOk(await get('/api/v1/org/color-palettes'));
    expectOk(await get(`/api/v1/projects/${projectUuid}/charts/code?offset=0&languageMap=true`));
  });

  it('E12 v2 metric query applies query.dateZoom and dashboardFilters (dropping another explore’s)', async () => {
    const response = await post(`/api/v2/projects/${projectUuid}/query/metric-query`, REFERENCE_BODIES.E12);
    expectOk(response);
    const page = await waitFor('the v2 query', async () => {
      const results = await get(`/api/v2/projects/${projectUuid}/query/${response.body.results.queryUuid}`);
      return results.body.results?.status === 'ready'
        ? results.body.results
        : results.body.results?.status === 'error'
          ? results.body.results
          : undefined;
    });
    expect(page.status).toBe('ready');
    expect(page.rows.every((row: Row) => String(row['orders_order_date_month']?.value.raw).startsWith('2018-01-01'))).toBe(true);
  });

  it('E12 dateZoom inside the query wins over the one beside it, and is applied alone too', async () => {
    const { dateZoom: _outer, ...withoutOuter } = REFERENCE_BODIES.E12;
    const compiled = await post(`/api/v2/projects/${projectUuid}/query/metric-query`, withoutOuter);
    expectOk(compiled);
    expect(compiled.body.results.fields['orders_order_date_month']).toBeDefined();
  });

  it('E15 create project with the reference fields at null/false; true or a uuid is a 400 saying why', async () => {
    const body = referenceCreateProject(JAFFLE_WAREHOUSES.duckdb, jaffleManifest());
    expectOk(await post('/api/v1/org/projects', body));
    const perUser = await post('/api/v1/org/projects', {
      ...body,
      warehouseConnection: { ...JAFFLE_WAREHOUSES.duckdb, requireUserCredentials: true },
    });
    expect([perUser.status, JSON.stringify(perUser.body.error)]).toEqual([400, expect.stringContaining('requireUserCredentials')]);
    const shared = await post('/api/v1/org/projects', { ...body, organizationWarehouseCredentialsUuid: randomUUID() });
    expect([shared.status, JSON.stringify(shared.body.error)]).toEqual([
      400,
      expect.stringContaining('organizationWarehouseCredentialsUuid'),
    ]);
    // Credentials bodies stay strict: an unknown property is named, not dropped.
    const unknown = await post('/api/v1/org/projects', { ...body, __unexpected__: 1 });
    expect([unknown.status, JSON.stringify(unknown.body.error)]).toEqual([400, expect.stringContaining('__unexpected__')]);
  });

  it('E16 reorder with whole pinned items; a pinned space carries spaceUuid, updatedByUser and views', async () => {
    const response = await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/pinned-lists/${pinnedListUuid}/items/order`, {
      token: adminToken,
      body: REFERENCE_BODIES.E16(spaceUuid, pinnedListUuid),
    });
    expectOk(response);
    const item = response.body.results.find((entry: { data: { uuid: string } }) => entry.data.uuid === spaceUuid);
    expect(item.data).toMatchObject({
      spaceUuid,
      updatedByUser: { userUuid: expect.any(String), firstName: expect.any(String) },
      views: 0,
    });
  });

  it('query bodies ignore unknown properties (documented), and still refuse wrong types of known ones', async () => {
    const path = `/api/v1/projects/${projectUuid}/explores/orders/runQuery`;
    expectOk(await post(path, { ...REFERENCE_BODIES.E4, someFutureField: { nested: true } }));
    const wrong = await post(path, { ...REFERENCE_BODIES.E4, limit: 'ten' });
    expect([wrong.status, JSON.stringify(wrong.body.error)]).toEqual([400, expect.stringContaining('limit')]);
  });
});
