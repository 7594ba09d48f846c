import { randomUUID } from 'node:crypto';

import { call } from '../support/api-client';
import { JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { sharedQuarry } from '../support/shared-quarry';
import {
  CHART_SUMMARY,
  CHART_TILE_PROPERTIES,
  CHARTS_AS_CODE,
  CHILD_SPACE,
  DASHBOARD,
  DASHBOARD_SUMMARY,
  PINNED_ITEM,
  SAVED_SQL_CHART,
  shapeProblems,
} from '../support/spec-shapes';
import { projectWithMembers } from '../support/users';

const { baseUrl, adminToken, organizationUuid } = sharedQuarry();

type Role = 'viewer' | 'interactive_viewer' | 'editor' | 'developer' | 'admin';
const ROLES: Role[] = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'];

interface Caller {
  userUuid: string;
  token: string;
}

let projectUuid: string;
const byRole = {} as Record<Role, Caller>;
let outsider: Caller;
let counter = 0;

const unique = (label: string) => `${label} ${process.pid}-${Date.now()}-${(counter += 1)}`;

const METRIC_QUERY = {
  exploreName: 'orders',
  dimensions: ['orders_order_date_day'],
  metrics: ['orders_total_amount'],
  filters: {},
  sorts: [{ fieldId: 'orders_order_date_day', descending: false }],
  limit: 500,
  tableCalculations: [],
};
const LINE_CONFIG = {
  type: 'cartesian',
  config: { layout: { xField: 'orders_order_date_day', yField: ['orders_total_amount'] }, eChartsConfig: { series: [{ type: 'line' }] } },
};

function chartBody(spaceUuid: string, overrides: Record<string, unknown> = {}) {
  return {
    name: unique('Revenue by day'),
    description: 'Daily revenue',
    tableName: 'orders',
    metricQuery: METRIC_QUERY,
    chartConfig: LINE_CONFIG,
    tableConfig: { columnOrder: ['orders_order_date_day', 'orders_total_amount'] },
    spaceUuid,
    ...overrides,
  };
}

/** A space; a root space is public unless the body says (new spaces are private by default: security/content.e2e.ts). */
async function createSpace(body: Record<string, unknown>, token = adminToken): Promise<{ uuid: string; name: string }> {
  const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/spaces`, {
    token,
    body: body['parentSpaceUuid'] ? body : { isPrivate: false, ...body },
  });
  if (response.status !== 200) throw new Error(`create space: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.results;
}

async function createChart(spaceUuid: string, overrides: Record<string, unknown> = {}, token = adminToken) {
  return call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, { token, body: chartBody(spaceUuid, overrides) });
}

interface Saved {
  uuid: string;
  name: string;
  slug: string;
  [field: string]: unknown;
}

async function savedChart(spaceUuid: string, overrides: Record<string, unknown> = {}): Promise<Saved> {
  const response = await createChart(spaceUuid, overrides);
  if (response.status !== 200) throw new Error(`create chart: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.results;
}

async function createDashboard(spaceUuid: string, overrides: Record<string, unknown> = {}, token = adminToken) {
  return call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/dashboards`, {
    token,
    body: { name: unique('Sales overview'), spaceUuid, tiles: [], tabs: [], ...overrides },
  });
}

async function savedDashboard(spaceUuid: string, overrides: Record<string, unknown> = {}): Promise<Saved> {
  const response = await createDashboard(spaceUuid, overrides);
  if (response.status !== 201) throw new Error(`create dashboard: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.results;
}

const SQL_CONFIG = {
  type: 'vertical_bar',
  metadata: { version: 1 },
  display: {
    stack: false,
    legend: { align: 'start', position: 'top' },
    series: {},
    yAxis: [{ format: 'default', position: 'left', label: 'Total' }],
    xAxis: { type: 'time', label: 'Day' },
  },
  fieldConfig: {
    stack: false,
    sortBy: [],
    groupBy: [],
    y: [{ aggregation: 'sum', reference: 'total' }],
    x: { type: 'time', reference: 'day' },
  },
};

async function createSqlChart(spaceUuid: string, overrides: Record<string, unknown> = {}, token = adminToken) {
  return call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/sqlRunner/saved`, {
    token,
    body: {
      name: unique('Daily totals'),
      description: null,
      sql: 'select order_date as day, sum(amount) as total from orders group by 1',
      limit: 500,
      config: SQL_CONFIG,
      spaceUuid,
      ...overrides,
    },
  });
}

const sqlChartPath = (suffix: string) => `/api/v1/projects/${projectUuid}/sqlRunner/saved/${suffix}`;

beforeAll(async () => {
  const project = await projectWithMembers(unique('Charts'));
  ({ projectUuid, outsider } = project);
  Object.assign(byRole, project.byRole);
});

describe('saved charts', () => {
  it('creates a chart in the documented shape, with a slug unique in the project and version 1', async () => {
    const space = await createSpace({ name: unique('Finance') });
    const chart = await savedChart(space.uuid, { name: 'Revenue by day' });
    expect(shapeProblems(chart, CHART_SUMMARY)).toEqual([]);
    expect(chart).toMatchObject({
      name: 'Revenue by day',
      description: 'Daily revenue',
      projectUuid,
      organizationUuid,
      spaceUuid: space.uuid,
      spaceName: space.name,
      dashboardUuid: null,
      slug: 'revenue-by-day',
      source: 'transform_explore',
      chartKind: 'line',
      chartType: 'cartesian',
      views: 0,
      firstViewedAt: null,
      version: 1,
      tableName: 'orders',
      metricQuery: METRIC_QUERY,
      chartConfig: LINE_CONFIG,
      isPrivate: false,
    });
    // Same name elsewhere in the project: the next free slug.
    const other = await createSpace({ name: unique('Ops') });
    const twin = await savedChart(other.uuid, { name: 'Revenue by day' });
    expect(twin.slug).toBe('revenue-by-day-1');
  });

  it('counts views, sets firstViewedAt once, and keeps a version per save', async () => {
    const space = await createSpace({ name: unique('Versions') });
    const chart = await savedChart(space.uuid);
    const first = await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}`, { token: byRole.viewer.token });
    expect(first.status).toBe(200);
    expect(first.body.results.views).toBe(1);
    const firstViewedAt = first.body.results.firstViewedAt as string;
    expect(new Date(firstViewedAt).toISOString()).toBe(firstViewedAt);
    const second = await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}`, { token: adminToken });
    expect(second.body.results).toMatchObject({ views: 2, firstViewedAt });

    const renamed = await call(baseUrl, 'PATCH', `/api/v1/saved/${chart.uuid}`, {
      token: byRole.editor.token,
      body: { name: 'Renamed', description: null },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.results).toMatchObject({
      name: 'Renamed',
      description: null,
      slug: chart.slug,
      version: 2,
      updatedByUser: { userUuid: byRole.editor.userUuid },
    });

    const bigNumber = { type: 'big_number', config: { label: 'Total', selectedField: 'orders_total_amount' } };
    const saved = await call(baseUrl, 'POST', `/api/v1/saved/${chart.uuid}/version`, {
      token: adminToken,
      body: {
        tableName: 'orders',
        metricQuery: { ...METRIC_QUERY, dimensions: [] },
        chartConfig: bigNumber,
        tableConfig: { columnOrder: [] },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.results).toMatchObject({
      name: 'Renamed',
      version: 3,
      chartKind: 'big_number',
      chartType: 'big_number',
      chartConfig: bigNumber,
      views: 2,
    });

    const history = await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}/history`, { token: byRole.viewer.token });
    expect(history.status).toBe(200);
    expect(history.body.results.history.map((entry: { version: number }) => entry.version)).toEqual([3, 2, 1]);
    const oldest = history.body.results.history[2];
    const asFirstSaved = await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}/version/${oldest.versionUuid}`, {
      token: byRole.viewer.token,
    });
    expect(asFirstSaved.status).toBe(200);
    expect(asFirstSaved.body.results.chart).toMatchObject({ name: chart.name, chartKind: 'line', version: 1, chartConfig: LINE_CONFIG });
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}/version/${randomUUID()}`, { token: adminToken })).status).toBe(404);
  });

  it('shows charts in their space (E3 queries, childSpaces chartCount) and in the project list', async () => {
    const parent = await createSpace({ name: unique('Parent') });
    const child = await createSpace({ name: 'Holds charts', parentSpaceUuid: parent.uuid });
    const chart = await savedChart(child.uuid);
    await savedChart(child.uuid);

    const parentRead = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces/${parent.uuid}`, { token: byRole.viewer.token });
    const childSummary = parentRead.body.results.childSpaces.find((space: { uuid: string }) => space.uuid === child.uuid);
    expect(shapeProblems(childSummary, CHILD_SPACE)).toEqual([]);
    expect(childSummary).toMatchObject({ chartCount: 2, dashboardCount: 0 });

    const childRead = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces/${child.uuid}`, { token: byRole.viewer.token });
    expect(childRead.body.results.queries).toHaveLength(2);
    for (const summary of childRead.body.results.queries) expect(shapeProblems(summary, CHART_SUMMARY)).toEqual([]);

    const list = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/charts`, { token: byRole.viewer.token });
    expect(list.status).toBe(200);
    expect(list.body.results.map((summary: { uuid: string }) => summary.uuid)).toContain(chart.uuid);
  });

  it('hides charts of private spaces (404 and left out of lists) and moves charts only between writable spaces', async () => {
    const secret = await createSpace({
      name: unique('Secret'),
      isPrivate: true,
      access: [{ userUuid: byRole.interactive_viewer.userUuid, role: 'editor' }],
    });
    const hidden = await savedChart(secret.uuid);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${hidden.uuid}`, { token: byRole.developer.token })).status).toBe(404);
    const missing = await call(baseUrl, 'GET', `/api/v1/saved/${randomUUID()}`, { token: byRole.developer.token });
    const hiddenError = (await call(baseUrl, 'GET', `/api/v1/saved/${hidden.uuid}`, { token: byRole.developer.token })).body.error;
    expect({ name: hiddenError.name, message: hiddenError.message }).toEqual({
      name: missing.body.error.name,
      message: missing.body.error.message,
    });
    const listed = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/charts`, { token: byRole.developer.token });
    expect(listed.body.results.map((summary: { uuid: string }) => summary.uuid)).not.toContain(hidden.uuid);
    const shared = await call(baseUrl, 'GET', `/api/v1/saved/${hidden.uuid}`, { token: byRole.interactive_viewer.token });
    expect(shared.status).toBe(200);
    expect(shared.body.results.isPrivate).toBe(true);

    // The developer may edit public charts but may not move one into a space they cannot see.
    const publicSpace = await createSpace({ name: unique('Public') });
    const movable = await savedChart(publicSpace.uuid);
    expect(
      (await call(baseUrl, 'PATCH', `/api/v1/saved/${movable.uuid}`, { token: byRole.developer.token, body: { spaceUuid: secret.uuid } }))
        .status,
    ).toBe(404);
    const moved = await call(baseUrl, 'PATCH', `/api/v1/saved/${movable.uuid}`, { token: adminToken, body: { spaceUuid: secret.uuid } });
    expect(moved.body.results).toMatchObject({ spaceUuid: secret.uuid, isPrivate: true });
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${movable.uuid}`, { token: byRole.developer.token })).status).toBe(404);
  });

  it('pins charts (pinned items in the documented shape) and unpins them when deleted', async () => {
    const space = await createSpace({ name: unique('Pins') });
    const chart = await savedChart(space.uuid);
    const pinned = await call(baseUrl, 'PATCH', `/api/v1/saved/${chart.uuid}/pinning`, { token: byRole.editor.token });
    expect(pinned.status).toBe(200);
    expect(pinned.body.results).toMatchObject({ projectUuid, savedChartUuid: chart.uuid, isPinned: true });
    const listUuid = pinned.body.results.pinnedListUuid as string;
    const items = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pinned-lists/${listUuid}/items`, {
      token: byRole.viewer.token,
    });
    const item = items.body.results.find((entry: { data: { uuid: string } }) => entry.data.uuid === chart.uuid);
    expect(shapeProblems(item, PINNED_ITEM)).toEqual([]);
    expect(item).toMatchObject({
      type: 'chart',
      category: 'pinned',
      data: { name: chart.name, spaceUuid: space.uuid, pinnedListUuid: listUuid },
    });
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}`, { token: adminToken })).body.results.pinnedListUuid).toBe(listUuid);

    expect((await call(baseUrl, 'DELETE', `/api/v1/saved/${chart.uuid}`, { token: byRole.editor.token })).status).toBe(200);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}`, { token: adminToken })).status).toBe(404);
    const after = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pinned-lists/${listUuid}/items`, { token: adminToken });
    expect(after.body.results.map((entry: { data: { uuid: string } }) => entry.data.uuid)).not.toContain(chart.uuid);
  });

  it('names bad input in a 400', async () => {
    const space = await createSpace({ name: unique('Bad input') });
    const bad = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, {
      token: adminToken,
      body: { name: 'x', tableName: '', metricQuery: 'all', chartConfig: { type: 'donut' }, tableConfig: {}, spaceUuid: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.data).sort()).toEqual(['chartConfig.type', 'metricQuery', 'spaceUuid', 'tableName']);
    const blank = await createChart(space.uuid, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.data).toHaveProperty('name');
    // A uuid or a slug names a chart (as the reference's routes): a well-formed slug no chart has is a
    // 404, anything else a 400 naming the parameter.
    expect((await call(baseUrl, 'GET', '/api/v1/saved/not-a-uuid', { token: adminToken })).status).toBe(404);
    const malformed = await call(baseUrl, 'GET', '/api/v1/saved/Not_A_Slug', { token: adminToken });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.data).toHaveProperty('chartUuid');
    expect((await createChart(randomUUID())).status).toBe(404);
  });
});

describe('dashboards', () => {
  const tabUuid = randomUUID();
  const otherTab = randomUUID();

  it('creates a dashboard with tiles, tabs, filters and config in the documented shape', async () => {
    const space = await createSpace({ name: unique('Boards') });
    const chart = await savedChart(space.uuid, { name: 'Orders per day' });
    const filter = {
      id: randomUUID(),
      label: 'Status',
      operator: 'equals',
      values: ['completed'],
      target: { fieldId: 'orders_status', tableName: 'orders' },
    };
    const created = await createDashboard(space.uuid, {
      name: 'Sales Overview',
      description: 'Weekly numbers',
      tabs: [
        { uuid: tabUuid, name: 'Main', order: 0 },
        { uuid: otherTab, name: 'Notes', order: 1 },
      ],
      tiles: [
        { type: 'saved_chart', x: 0, y: 0, w: 12, h: 6, tabUuid, properties: { savedChartUuid: chart.uuid, title: 'Orders' } },
        { type: 'markdown', x: 0, y: 6, w: 6, h: 3, tabUuid: otherTab, properties: { title: 'Read me', content: '# Hello' } },
      ],
      filters: { dimensions: [filter] },
      config: { isDateZoomDisabled: true },
    });
    expect(created.status).toBe(201);
    const dashboard = created.body.results;
    expect(shapeProblems(dashboard, DASHBOARD)).toEqual([]);
    expect(dashboard).toMatchObject({
      name: 'Sales Overview',
      description: 'Weekly numbers',
      slug: 'sales-overview',
      projectUuid,
      organizationUuid,
      spaceUuid: space.uuid,
      spaceName: space.name,
      views: 0,
      firstViewedAt: null,
      filters: { dimensions: [filter], metrics: [], tableCalculations: [] },
      config: { isDateZoomDisabled: true, pinnedParameters: [] },
      parameters: {},
    });
    expect(shapeProblems(dashboard.tiles[0].properties, CHART_TILE_PROPERTIES)).toEqual([]);
    expect(dashboard.tiles[0]).toMatchObject({
      type: 'saved_chart',
      tabUuid,
      properties: {
        savedChartUuid: chart.uuid,
        chartName: 'Orders per day',
        chartSlug: chart.slug,
        lastVersionChartKind: 'line',
        belongsToDashboard: false,
        title: 'Orders',
        hideTitle: false,
      },
    });
    expect(dashboard.tiles[1]).toMatchObject({ type: 'markdown', tabUuid: otherTab, properties: { title: 'Read me', content: '# Hello' } });

    const twin = await savedDashboard(space.uuid, { name: 'Sales Overview' });
    expect(twin.slug).toBe('sales-overview-1');
  });

  it('increases dashboardVersionId on each change and counts views', async () => {
    const space = await createSpace({ name: unique('Versions') });
    const dashboard = await savedDashboard(space.uuid);
    const versions = [dashboard['dashboardVersionId'] as number];
    for (const body of [
      { name: 'Renamed' },
      { tabs: [{ uuid: tabUuid, name: 'Only', order: 0 }] },
      { config: { pinnedParameters: ['region'] } },
    ]) {
      const updated = await call(baseUrl, 'PATCH', `/api/v1/dashboards/${dashboard.uuid}`, { token: byRole.editor.token, body });
      expect(updated.status).toBe(200);
      versions.push(updated.body.results.dashboardVersionId);
    }
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(new Set(versions).size).toBe(4);
    const read = await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboard.uuid}`, { token: byRole.viewer.token });
    expect(read.body.results).toMatchObject({
      name: 'Renamed',
      tabs: [{ uuid: tabUuid, name: 'Only', order: 0 }],
      config: { pinnedParameters: ['region'], isDateZoomDisabled: false },
      views: 1,
      dashboardVersionId: versions[3],
      updatedByUser: { userUuid: byRole.editor.userUuid },
    });
    expect(typeof read.body.results.firstViewedAt).toBe('string');
  });

  it('holds charts saved inside it: they live in its space, are not counted in the space, and go with it', async () => {
    const parent = await createSpace({ name: unique('Parent') });
    const space = await createSpace({ name: 'Boards', parentSpaceUuid: parent.uuid });
    const dashboard = await savedDashboard(space.uuid);
    const inside = await createChart('', { spaceUuid: undefined, dashboardUuid: dashboard.uuid });
    expect(inside.status).toBe(200);
    expect(inside.body.results).toMatchObject({ dashboardUuid: dashboard.uuid, dashboardName: dashboard.name, spaceUuid: space.uuid });
    const chartUuid = inside.body.results.uuid as string;
    const withTile = await call(baseUrl, 'PATCH', `/api/v1/dashboards/${dashboard.uuid}`, {
      token: adminToken,
      body: { tiles: [{ type: 'saved_chart', x: 0, y: 0, w: 6, h: 4, properties: { savedChartUuid: chartUuid } }] },
    });
    expect(withTile.body.results.tiles[0].properties).toMatchObject({ savedChartUuid: chartUuid, belongsToDashboard: true });

    const parentRead = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces/${parent.uuid}`, { token: byRole.viewer.token });
    expect(parentRead.body.results.childSpaces[0]).toMatchObject({ uuid: space.uuid, chartCount: 0, dashboardCount: 1 });
    const spaceRead = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces/${space.uuid}`, { token: byRole.viewer.token });
    expect(spaceRead.body.results.queries).toEqual([]);
    expect(spaceRead.body.results.dashboards.map((entry: { uuid: string }) => entry.uuid)).toEqual([dashboard.uuid]);
    expect(shapeProblems(spaceRead.body.results.dashboards[0], DASHBOARD_SUMMARY)).toEqual([]);

    // Moving the dashboard moves its charts; moving the chart alone is refused.
    const elsewhere = await createSpace({ name: unique('Elsewhere') });
    expect(
      (await call(baseUrl, 'PATCH', `/api/v1/saved/${chartUuid}`, { token: adminToken, body: { spaceUuid: elsewhere.uuid } })).status,
    ).toBe(400);
    await call(baseUrl, 'PATCH', `/api/v1/dashboards/${dashboard.uuid}`, { token: adminToken, body: { spaceUuid: elsewhere.uuid } });
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${chartUuid}`, { token: adminToken })).body.results.spaceUuid).toBe(elsewhere.uuid);

    const pinned = await call(baseUrl, 'PATCH', `/api/v1/dashboards/${dashboard.uuid}/pinning`, { token: byRole.editor.token });
    expect(pinned.body.results).toMatchObject({ dashboardUuid: dashboard.uuid, isPinned: true });
    const items = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pinned-lists/${pinned.body.results.pinnedListUuid}/items`, {
      token: byRole.viewer.token,
    });
    const item = items.body.results.find((entry: { data: { uuid: string } }) => entry.data.uuid === dashboard.uuid);
    expect(item).toMatchObject({ type: 'dashboard', category: 'pinned' });
    expect(shapeProblems(item, PINNED_ITEM)).toEqual([]);

    expect((await call(baseUrl, 'DELETE', `/api/v1/dashboards/${dashboard.uuid}`, { token: byRole.editor.token })).status).toBe(200);
    expect((await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboard.uuid}`, { token: adminToken })).status).toBe(404);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${chartUuid}`, { token: adminToken })).status).toBe(404);
  });

  it('hides dashboards of private spaces and refuses tiles the caller cannot use (400 naming the tile)', async () => {
    const secret = await createSpace({ name: unique('Secret'), isPrivate: true });
    const hidden = await savedDashboard(secret.uuid);
    expect((await call(baseUrl, 'GET', `/api/v1/dashboards/${hidden.uuid}`, { token: byRole.developer.token })).status).toBe(404);
    const list = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dashboards`, { token: byRole.developer.token });
    expect(list.body.results.map((entry: { uuid: string }) => entry.uuid)).not.toContain(hidden.uuid);
    const all = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dashboards`, { token: adminToken });
    expect(all.body.results.map((entry: { uuid: string }) => entry.uuid)).toContain(hidden.uuid);

    const secretChart = await savedChart(secret.uuid);
    const publicSpace = await createSpace({ name: unique('Public') });
    const tile = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      type: 'saved_chart',
      x: 0,
      y: 0,
      w: 4,
      h: 4,
      properties,
      ...extra,
    });
    const refused = await createDashboard(
      publicSpace.uuid,
      { tiles: [tile({}), tile({ savedChartUuid: secretChart.uuid })] },
      byRole.developer.token,
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.data).sort()).toEqual(['tiles.0.properties.savedChartUuid', 'tiles.1.properties.savedChartUuid']);
    const badTab = await createDashboard(publicSpace.uuid, {
      tiles: [{ type: 'markdown', x: 0, y: 0, w: 4, h: 4, tabUuid: randomUUID(), properties: {} }],
    });
    expect(badTab.status).toBe(400);
    expect(badTab.body.error.data).toHaveProperty(['tiles.0.tabUuid']);
    const badShape = await createDashboard(publicSpace.uuid, {
      tiles: [{ type: 'iframe', x: -1, y: 0, w: 4, h: 4, properties: {} }],
      config: { isDateZoomDisabled: 'no' },
    });
    expect(badShape.status).toBe(400);
    expect(Object.keys(badShape.body.error.data).sort()).toEqual(['config.isDateZoomDisabled', 'tiles.0.type', 'tiles.0.x']);
  });
});

describe('saved SQL charts (E11)', () => {
  it('saves a SQL chart and answers it by slug with the full response', async () => {
    const space = await createSpace({ name: unique('SQL') });
    const created = await createSqlChart(space.uuid, { name: 'Daily Totals' }, byRole.developer.token);
    expect(created.status).toBe(200);
    expect(created.body.results).toEqual({ savedSqlUuid: expect.any(String), slug: 'daily-totals' });
    const { savedSqlUuid, slug } = created.body.results;

    const read = await call(baseUrl, 'GET', sqlChartPath(`slug/${slug}`), { token: byRole.viewer.token });
    expect(read.status).toBe(200);
    const chart = read.body.results;
    expect(shapeProblems(chart, SAVED_SQL_CHART)).toEqual([]);
    expect(chart).toMatchObject({
      savedSqlUuid,
      slug,
      name: 'Daily Totals',
      description: null,
      limit: 500,
      chartKind: 'vertical_bar',
      config: SQL_CONFIG,
      views: 1,
      organization: { organizationUuid },
      project: { projectUuid },
      dashboard: null,
      createdBy: { userUuid: byRole.developer.userUuid },
      lastUpdatedBy: { userUuid: byRole.developer.userUuid },
      space: {
        uuid: space.uuid,
        name: space.name,
        isPrivate: false,
        userAccess: { userUuid: byRole.viewer.userUuid, role: 'viewer', inheritedFrom: 'project', projectRole: 'viewer' },
      },
    });
    expect(chart.firstViewedAt).toBe(chart.lastViewedAt);
    const again = await call(baseUrl, 'GET', sqlChartPath(savedSqlUuid), { token: adminToken });
    expect(again.body.results.views).toBe(2);
    expect(again.body.results.firstViewedAt).toBe(chart.firstViewedAt);
    expect(again.body.results.space.userAccess).toMatchObject({ role: 'admin' });

    // A second chart with the same name gets the next slug.
    expect((await createSqlChart(space.uuid, { name: 'Daily Totals' })).body.results.slug).toBe('daily-totals-1');
  });

  it('changes names in place and SQL as a new version (developers only)', async () => {
    const space = await createSpace({ name: unique('SQL versions') });
    const { savedSqlUuid, slug } = (await createSqlChart(space.uuid)).body.results;
    const first = (await call(baseUrl, 'GET', sqlChartPath(savedSqlUuid), { token: adminToken })).body.results;
    const renamed = await call(baseUrl, 'PATCH', sqlChartPath(savedSqlUuid), {
      token: byRole.editor.token,
      body: { unversionedData: { name: 'Renamed', description: 'Now described' } },
    });
    expect(renamed.status).toBe(200);
    const newSql = { sql: 'select 1 as total', limit: 10, config: { ...SQL_CONFIG, type: 'table' } };
    expect(
      (await call(baseUrl, 'PATCH', sqlChartPath(savedSqlUuid), { token: byRole.editor.token, body: { versionedData: newSql } })).status,
    ).toBe(403);
    const versioned = await call(baseUrl, 'PATCH', sqlChartPath(savedSqlUuid), {
      token: byRole.developer.token,
      body: { versionedData: newSql },
    });
    expect(versioned.status).toBe(200);
    expect(versioned.body.results.savedSqlVersionUuid).not.toBe(renamed.body.results.savedSqlVersionUuid);
    const read = (await call(baseUrl, 'GET', sqlChartPath(`slug/${slug}`), { token: adminToken })).body.results;
    expect(read).toMatchObject({
      name: 'Renamed',
      description: 'Now described',
      sql: 'select 1 as total',
      limit: 10,
      chartKind: 'table',
      lastUpdatedBy: { userUuid: byRole.developer.userUuid },
    });
    expect(read.createdAt).toBe(first.createdAt);
  });

  it('hides SQL charts of private spaces and names bad input', async () => {
    const secret = await createSpace({ name: unique('SQL secret'), isPrivate: true });
    const { slug } = (await createSqlChart(secret.uuid)).body.results;
    const hidden = await call(baseUrl, 'GET', sqlChartPath(`slug/${slug}`), { token: byRole.developer.token });
    const missing = await call(baseUrl, 'GET', sqlChartPath('slug/no-such-chart'), { token: byRole.developer.token });
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(hidden.body.error.message).toBe(missing.body.error.message);

    const space = await createSpace({ name: unique('SQL bad') });
    const bad = await createSqlChart(space.uuid, { sql: '', limit: 0, config: 'bars' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.data).sort()).toEqual(['config', 'limit', 'sql']);
    const badKind = await createSqlChart(space.uuid, { config: { type: 'donut' } });
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(badKind.body.error.data)).toContain('config.type must be one of');
  });
});

describe('charts as code (E14)', () => {
  const codePath = (project: string) => `/api/v1/projects/${project}/charts/code`;
  const withoutTimes = (files: Array<Record<string, unknown>>) => files.map(({ updatedAt: _u, downloadedAt: _d, ...rest }) => rest);

  async function newProject(): Promise<string> {
    const project = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('As code'),
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
        transformConnection: { type: 'none' },
      },
    });
    expect(project.status).toBe(200);
    return project.body.results.project.projectUuid;
  }

  it('round trip: download all, upload to another project, download again gives the same files', async () => {
    const sourceUuid = await newProject();
    const spaceIn = async (project: string, body: Record<string, unknown>) =>
      (await call(baseUrl, 'POST', `/api/v1/projects/${project}/spaces`, { token: adminToken, body })).body.results;
    const sales = await spaceIn(sourceUuid, { name: 'Sales Team' });
    const q1 = await spaceIn(sourceUuid, { name: 'Q1 reports', parentSpaceUuid: sales.uuid, isPrivate: true });
    const ops = await spaceIn(sourceUuid, { name: 'Ops' });
    const save = async (spaceUuid: string, body: Record<string, unknown>) =>
      (
        await call(baseUrl, 'POST', `/api/v1/projects/${sourceUuid}/saved`, {
          token: adminToken,
          body: { ...chartBody(spaceUuid), ...body },
        })
      ).body.results;
    await save(sales.uuid, { name: 'Revenue', pivotConfig: { columns: ['orders_status'] } });
    await save(q1.uuid, {
      name: 'Total orders',
      description: null,
      chartConfig: {
        type: 'big_number',
        config: { label: 'Orders', comparisonLabel: 'vs last', showComparison: true, style: 'thousands' },
      },
    });
    await save(ops.uuid, {
      name: 'Status table',
      chartConfig: { type: 'table', config: { showTableNames: false } },
      tableConfig: { columnOrder: ['orders_status'] },
    });

    const downloaded = await call(baseUrl, 'GET', codePath(sourceUuid), { token: adminToken });
    expect(downloaded.status).toBe(200);
    expect(shapeProblems(downloaded.body.results, CHARTS_AS_CODE)).toEqual([]);
    const files = downloaded.body.results.charts as Array<Record<string, unknown>>;
    expect(downloaded.body.results).toMatchObject({ total: 3, offset: 3, missingIds: [] });
    expect(files.map((file) => [file['slug'], file['spaceSlug'], file['version']])).toEqual([
      ['revenue', 'sales_team', 1],
      ['status-table', 'ops', 1],
      ['total-orders', 'sales_team.q1_reports', 1],
    ]);

    const targetUuid = await newProject();
    const upload = (file: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call(baseUrl, 'POST', `/api/v1/projects/${targetUuid}/charts/${file['slug']}/code`, {
        token: adminToken,
        body: { ...file, ...extra },
      });
    // A dry run plans the spaces and the chart and changes nothing.
    const planned = await upload(files[2] as Record<string, unknown>, { dryRun: true });
    expect(planned.status).toBe(200);
    expect(planned.body.results).toMatchObject({
      spaces: [
        { action: 'create', data: { path: 'sales_team', uuid: null } },
        { action: 'create', data: { path: 'sales_team.q1_reports', uuid: null } },
      ],
      charts: [{ action: 'create', data: { slug: 'total-orders', uuid: null } }],
      dashboards: [],
    });
    expect((await call(baseUrl, 'GET', codePath(targetUuid), { token: adminToken })).body.results.total).toBe(0);

    for (const file of files) {
      const uploaded = await upload(file);
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.results.charts[0]).toMatchObject({ action: 'create', data: { slug: file['slug'] } });
    }
    const again = await call(baseUrl, 'GET', codePath(targetUuid), { token: adminToken });
    expect(withoutTimes(again.body.results.charts)).toEqual(withoutTimes(files));

    // The same files again change nothing; a changed file is a new version of the chart.
    expect((await upload(files[0] as Record<string, unknown>)).body.results.charts[0].action).toBe('no changes');
    const changed = await upload({ ...files[0], name: 'Revenue (net)' } as Record<string, unknown>);
    expect(changed.body.results.charts[0]).toMatchObject({ action: 'update', data: { slug: 'revenue' } });
    const chart = await call(baseUrl, 'GET', `/api/v1/saved/${changed.body.results.charts[0].data.uuid}`, { token: adminToken });
    expect(chart.body.results).toMatchObject({ name: 'Revenue (net)', version: 2, slug: 'revenue' });

    const skipped = await upload({ ...files[0], slug: 'elsewhere', spaceSlug: 'nowhere.deep' } as Record<string, unknown>, {
      skipSpaceCreate: true,
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.error.data).toHaveProperty('spaceSlug');

    // Dashboards: the same round trip, chart tiles by chart slug and filter targets by tile slug.
    const chartTileUuid = randomUUID();
    const tabUuid = randomUUID();
    const revenue = files[0] as { slug: string };
    const sourceRevenue = (await call(baseUrl, 'GET', `/api/v1/projects/${sourceUuid}/charts`, { token: adminToken })).body.results.find(
      (entry: { slug: string }) => entry.slug === revenue.slug,
    );
    const board = await call(baseUrl, 'POST', `/api/v1/projects/${sourceUuid}/dashboards`, {
      token: adminToken,
      body: {
        name: 'Weekly board',
        spaceUuid: sales.uuid,
        tabs: [{ uuid: tabUuid, name: 'Main', order: 0 }],
        tiles: [
          {
            uuid: chartTileUuid,
            type: 'saved_chart',
            x: 0,
            y: 0,
            w: 6,
            h: 4,
            tabUuid,
            properties: { savedChartUuid: sourceRevenue.uuid, title: 'Revenue' },
          },
          { type: 'markdown', x: 6, y: 0, w: 6, h: 4, tabUuid, properties: { title: 'Notes', content: 'Read me' } },
        ],
        filters: {
          dimensions: [
            {
              id: 'status-filter',
              operator: 'equals',
              values: ['completed'],
              target: { fieldId: 'orders_status', tableName: 'orders' },
              tileTargets: { [chartTileUuid]: { fieldId: 'orders_status', tableName: 'orders' } },
            },
          ],
        },
      },
    });
    expect(board.status).toBe(201);
    const boardFiles = (
      await call(baseUrl, 'GET', `/api/v1/projects/${sourceUuid}/dashboards/code?languageMap=true`, { token: adminToken })
    ).body.results;
    expect(boardFiles).toMatchObject({ total: 1, offset: 1, missingIds: [] });
    const boardFile = boardFiles.dashboards[0];
    expect(boardFile).toMatchObject({ slug: 'weekly-board', spaceSlug: 'sales_team', version: 1 });
    expect(
      boardFile.tiles.map((entry: { tileSlug: string; properties: Record<string, unknown> }) => [
        entry.tileSlug,
        entry.properties['chartSlug'] ?? null,
      ]),
    ).toEqual([
      ['revenue', 'revenue'],
      ['notes', null],
    ]);
    expect(boardFile.filters.dimensions[0].tileTargets).toEqual({ revenue: { fieldId: 'orders_status', tableName: 'orders' } });
    expect(boardFiles.languageMap[0].dashboard['weekly-board']).toMatchObject({
      name: 'Weekly board',
      tiles: { revenue: { title: 'Revenue' }, notes: { title: 'Notes' } },
    });

    const boardUpload = await call(baseUrl, 'POST', `/api/v1/projects/${targetUuid}/dashboards/weekly-board/code`, {
      token: adminToken,
      body: boardFile,
    });
    expect(boardUpload.status).toBe(200);
    expect(boardUpload.body.results.dashboards[0]).toMatchObject({ action: 'create' });
    const boardsAgain = (await call(baseUrl, 'GET', `/api/v1/projects/${targetUuid}/dashboards/code`, { token: adminToken })).body.results
      .dashboards;
    expect(withoutTimes(boardsAgain)).toEqual(withoutTimes([boardFile]));
    expect(
      (await call(baseUrl, 'POST', `/api/v1/projects/${targetUuid}/dashboards/weekly-board/code`, { token: adminToken, body: boardFile }))
        .body.results.dashboards[0].action,
    ).toBe('no changes');
    const missingChart = await call(baseUrl, 'POST', `/api/v1/projects/${targetUuid}/dashboards/other-board/code`, {
      token: adminToken,
      body: { ...boardFile, tiles: [{ ...boardFile.tiles[0], properties: { chartSlug: 'no-such-chart' } }] },
    });
    expect(missingChart.status).toBe(400);
    expect(missingChart.body.error.data).toHaveProperty(['tiles.0.properties.chartSlug']);
  });

  it('selects by uuid or slug, reports missing ids, pages with offset and lists translatable strings', async () => {
    const space = await createSpace({ name: unique('As code select') });
    const first = await savedChart(space.uuid, {
      name: unique('Pick me'),
      chartConfig: { type: 'big_number', config: { label: 'Total revenue', selectedField: 'orders_total_amount' } },
    });
    const second = await savedChart(space.uuid, { name: unique('And me') });
    const selected = await call(
      baseUrl,
      'GET',
      `${codePath(projectUuid)}?ids=${first.uuid}&ids=${second.slug}&ids=no-such-chart&languageMap=true`,
      { token: byRole.developer.token },
    );
    expect(selected.status).toBe(200);
    expect(selected.body.results.charts.map((file: { slug: string }) => file.slug).sort()).toEqual([first.slug, second.slug].sort());
    expect(selected.body.results).toMatchObject({ total: 2, offset: 2, missingIds: ['no-such-chart'] });
    const entry = selected.body.results.languageMap.find((item: { chart: Record<string, unknown> }) => first.slug in item.chart);
    expect(entry.chart[first.slug]).toEqual({
      name: first.name,
      description: 'Daily revenue',
      chartConfig: { config: { label: 'Total revenue' } },
    });

    const paged = await call(baseUrl, 'GET', `${codePath(projectUuid)}?ids=${first.slug}&ids=${second.slug}&offset=1`, {
      token: byRole.developer.token,
    });
    expect(paged.body.results).toMatchObject({ total: 2, offset: 2 });
    expect(paged.body.results.charts).toHaveLength(1);

    // Charts of private spaces the caller cannot see are left out, like missing ones.
    const secret = await createSpace({ name: unique('As code secret'), isPrivate: true });
    const hidden = await savedChart(secret.uuid);
    const asDeveloper = await call(baseUrl, 'GET', `${codePath(projectUuid)}?ids=${hidden.slug}`, { token: byRole.developer.token });
    expect(asDeveloper.body.results).toMatchObject({ charts: [], missingIds: [hidden.slug], total: 0 });
    const bad = await call(baseUrl, 'GET', `${codePath(projectUuid)}?offset=-1&languageMap=yes`, { token: byRole.developer.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.data).sort()).toEqual(['languageMap', 'offset']);
  });
});

describe('promotion (E10)', () => {
  it('promotes a dashboard with its charts from a nested private space of a preview project, then new versions, as the diff said', async () => {
    const preview = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('Preview'),
        type: 'PREVIEW',
        transformVersion: 'v1.7',
        upstreamProjectUuid: projectUuid,
        copyWarehouseConnectionFromUpstreamProject: true,
        copyContent: false,
        transformConnection: { type: 'none' },
      },
    });
    expect(preview.status).toBe(200);
    const previewUuid = preview.body.results.project.projectUuid as string;
    const inPreview = (path: string) => `/api/v1/projects/${previewUuid}${path}`;
    const team = (
      await call(baseUrl, 'POST', inPreview('/spaces'), {
        token: adminToken,
        body: { name: unique('Team'), isPrivate: true, access: [{ userUuid: byRole.viewer.userUuid, role: 'viewer' }] },
      })
    ).body.results;
    const drafts = (
      await call(baseUrl, 'POST', inPreview('/spaces'), { token: adminToken, body: { name: 'Drafts', parentSpaceUuid: team.uuid } })
    ).body.results;
    expect(drafts.isPrivate).toBe(true);
    const dashboard = (
      await call(baseUrl, 'POST', inPreview('/dashboards'), {
        token: adminToken,
        body: { name: unique('Promoted board'), spaceUuid: drafts.uuid, tiles: [], tabs: [] },
      })
    ).body.results;
    const chartA = (
      await call(baseUrl, 'POST', inPreview('/saved'), { token: adminToken, body: chartBody(drafts.uuid, { name: unique('Standalone') }) })
    ).body.results;
    const chartB = (
      await call(baseUrl, 'POST', inPreview('/saved'), {
        token: adminToken,
        body: { ...chartBody(drafts.uuid, { name: unique('Inside') }), spaceUuid: undefined, dashboardUuid: dashboard.uuid },
      })
    ).body.results;
    const tile = (savedChartUuid: string, y: number) => ({ type: 'saved_chart', x: 0, y, w: 6, h: 4, properties: { savedChartUuid } });
    const laidOut = await call(baseUrl, 'PATCH', `/api/v1/dashboards/${dashboard.uuid}`, {
      token: adminToken,
      body: { tiles: [tile(chartA.uuid, 0), tile(chartB.uuid, 4)] },
    });
    expect(laidOut.status).toBe(200);

    const diff = await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboard.uuid}/promoteDiff`, { token: adminToken });
    expect(diff.status).toBe(200);
    expect(diff.body.results.spaces.map((change: { action: string; data: { path: string } }) => [change.action, change.data.path])).toEqual(
      [
        ['create', team.path],
        ['create', drafts.path],
      ],
    );
    expect(diff.body.results.charts.map((change: { action: string; data: { slug: string } }) => [change.action, change.data.slug])).toEqual(
      [
        ['create', chartA.slug],
        ['create', chartB.slug],
      ],
    );
    expect(diff.body.results.dashboards).toEqual([
      { action: 'create', data: expect.objectContaining({ slug: dashboard.slug, uuid: null }) },
    ]);

    const promoted = await call(baseUrl, 'POST', `/api/v1/dashboards/${dashboard.uuid}/promote`, { token: adminToken });
    expect(promoted.status).toBe(200);
    const upstream = promoted.body.results;
    expect(shapeProblems(upstream, DASHBOARD)).toEqual([]);
    expect(upstream).toMatchObject({ projectUuid, slug: dashboard.slug, name: dashboard.name, isPrivate: true });
    expect(upstream.uuid).not.toBe(dashboard.uuid);
    expect(
      upstream.tiles.map((entry: { properties: Record<string, unknown> }) => [
        entry.properties['chartSlug'],
        entry.properties['belongsToDashboard'],
      ]),
    ).toEqual([
      [chartA.slug, false],
      [chartB.slug, true],
    ]);
    // What the diff planned is what happened: the spaces by path (private, with the share) and the charts by slug.
    const upstreamSpaces = (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces`, { token: adminToken })).body
      .results as Array<{ uuid: string; path: string; isPrivate: boolean }>;
    const upstreamTeam = upstreamSpaces.find((space) => space.path === team.path);
    expect(upstreamTeam).toMatchObject({ isPrivate: true });
    expect(upstreamSpaces.find((space) => space.path === drafts.path)).toMatchObject({ isPrivate: true, uuid: upstream.spaceUuid });
    expect((await call(baseUrl, 'GET', `/api/v1/dashboards/${upstream.uuid}`, { token: byRole.viewer.token })).status).toBe(200);
    expect((await call(baseUrl, 'GET', `/api/v1/dashboards/${upstream.uuid}`, { token: byRole.developer.token })).status).toBe(404);
    const upstreamA = upstream.tiles[0].properties.savedChartUuid as string;
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${upstreamA}`, { token: adminToken })).body.results).toMatchObject({
      slug: chartA.slug,
      version: 1,
      projectUuid,
    });

    // Second round: a changed chart and a renamed dashboard become new versions; the rest is unchanged.
    await call(baseUrl, 'PATCH', `/api/v1/saved/${chartA.uuid}`, { token: adminToken, body: { name: 'Standalone v2' } });
    await call(baseUrl, 'PATCH', `/api/v1/dashboards/${dashboard.uuid}`, { token: adminToken, body: { name: 'Promoted board v2' } });
    const secondDiff = (await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboard.uuid}/promoteDiff`, { token: adminToken })).body.results;
    expect(secondDiff.spaces.map((change: { action: string }) => change.action)).toEqual(['no changes', 'no changes']);
    expect(secondDiff.charts.map((change: { action: string }) => change.action)).toEqual(['update', 'no changes']);
    expect(secondDiff.dashboards[0]).toMatchObject({ action: 'update', data: { uuid: upstream.uuid } });
    const second = await call(baseUrl, 'POST', `/api/v1/dashboards/${dashboard.uuid}/promote`, { token: adminToken });
    expect(second.status).toBe(200);
    expect(second.body.results).toMatchObject({ uuid: upstream.uuid, name: 'Promoted board v2' });
    expect(second.body.results.dashboardVersionId).toBeGreaterThan(upstream.dashboardVersionId);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${upstreamA}`, { token: adminToken })).body.results).toMatchObject({
      name: 'Standalone v2',
      version: 2,
    });
    expect(
      (await call(baseUrl, 'GET', `/api/v1/saved/${upstream.tiles[1].properties.savedChartUuid}`, { token: adminToken })).body.results
        .version,
    ).toBe(1);
    const thirdDiff = (await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboard.uuid}/promoteDiff`, { token: adminToken })).body.results;
    expect([...thirdDiff.spaces, ...thirdDiff.charts, ...thirdDiff.dashboards].map((change: { action: string }) => change.action)).toEqual(
      Array(5).fill('no changes'),
    );
  });

  it('preview projects created with copyContent get copies of the charts, dashboards and SQL charts', async () => {
    const source = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('Copy source'),
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
        transformConnection: { type: 'none' },
      },
    });
    const sourceUuid = source.body.results.project.projectUuid as string;
    const inSource = (path: string) => `/api/v1/projects/${sourceUuid}${path}`;
    const space = (await call(baseUrl, 'POST', inSource('/spaces'), { token: adminToken, body: { name: 'Shared' } })).body.results;
    const board = (
      await call(baseUrl, 'POST', inSource('/dashboards'), {
        token: adminToken,
        body: { name: 'Board', spaceUuid: space.uuid, tiles: [], tabs: [] },
      })
    ).body.results;
    const chart = (
      await call(baseUrl, 'POST', inSource('/saved'), { token: adminToken, body: chartBody(space.uuid, { name: 'Standalone' }) })
    ).body.results;
    const inside = (
      await call(baseUrl, 'POST', inSource('/saved'), {
        token: adminToken,
        body: { ...chartBody(space.uuid, { name: 'Inside' }), spaceUuid: undefined, dashboardUuid: board.uuid },
      })
    ).body.results;
    const tile = (savedChartUuid: string) => ({ type: 'saved_chart', x: 0, y: 0, w: 6, h: 4, properties: { savedChartUuid } });
    await call(baseUrl, 'PATCH', `/api/v1/dashboards/${board.uuid}`, {
      token: adminToken,
      body: { tiles: [tile(chart.uuid), tile(inside.uuid)] },
    });
    const sql = await call(baseUrl, 'POST', inSource('/sqlRunner/saved'), {
      token: adminToken,
      body: { name: 'Raw totals', sql: 'select 1 as total', limit: 10, config: { type: 'table' }, spaceUuid: space.uuid },
    });
    expect(sql.status).toBe(200);

    const preview = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('Copy preview'),
        type: 'PREVIEW',
        transformVersion: 'v1.7',
        upstreamProjectUuid: sourceUuid,
        copyWarehouseConnectionFromUpstreamProject: true,
        transformConnection: { type: 'none' },
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.results).toMatchObject({ hasContentCopy: true, contentCopyError: null });
    const previewUuid = preview.body.results.project.projectUuid as string;

    const boards = (await call(baseUrl, 'GET', `/api/v1/projects/${previewUuid}/dashboards`, { token: adminToken })).body.results;
    expect(boards.map((entry: { slug: string }) => entry.slug)).toEqual([board.slug]);
    const copied = (await call(baseUrl, 'GET', `/api/v1/dashboards/${boards[0].uuid}`, { token: adminToken })).body.results;
    expect(
      copied.tiles.map((entry: { properties: Record<string, unknown> }) => [
        entry.properties['chartSlug'],
        entry.properties['belongsToDashboard'],
      ]),
    ).toEqual([
      [chart.slug, false],
      [inside.slug, true],
    ]);
    const copiedChart = (await call(baseUrl, 'GET', `/api/v1/saved/${copied.tiles[0].properties.savedChartUuid}`, { token: adminToken }))
      .body.results;
    expect(copiedChart).toMatchObject({
      projectUuid: previewUuid,
      slug: chart.slug,
      name: 'Standalone',
      chartConfig: LINE_CONFIG,
      metricQuery: METRIC_QUERY,
    });
    expect(copiedChart.uuid).not.toBe(chart.uuid);
    const copiedSql = await call(baseUrl, 'GET', `/api/v1/projects/${previewUuid}/sqlRunner/saved/slug/${sql.body.results.slug}`, {
      token: adminToken,
    });
    expect(copiedSql.body.results).toMatchObject({ name: 'Raw totals', sql: 'select 1 as total', project: { projectUuid: previewUuid } });
  });

  it('answers a clear 404 when the project has no upstream, and 403 below developer', async () => {
    const space = await createSpace({ name: unique('No upstream') });
    const dashboard = await savedDashboard(space.uuid);
    const refused = await call(baseUrl, 'POST', `/api/v1/dashboards/${dashboard.uuid}/promote`, { token: adminToken });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toMatch(/does not have an upstream project/);
    const chart = await savedChart(space.uuid);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}/promoteDiff`, { token: adminToken })).status).toBe(404);
    expect((await call(baseUrl, 'POST', `/api/v1/dashboards/${dashboard.uuid}/promote`, { token: byRole.editor.token })).status).toBe(403);
  });
});

describe('role matrix for saved charts and dashboards (endpoints.md roles)', () => {
  type Outcome = 200 | 201 | 403 | 404;
  interface Action {
    name: string;
    run(caller: Caller): Promise<number>;
    expected: Record<Role | 'outsider', Outcome>;
  }
  const everyone = { viewer: 200, interactive_viewer: 200, editor: 200, developer: 200, admin: 200, outsider: 404 } as const;
  const editorsUp = { viewer: 403, interactive_viewer: 403, editor: 200, developer: 200, admin: 200, outsider: 404 } as const;
  const adminOnlyHidden = { viewer: 404, interactive_viewer: 404, editor: 404, developer: 404, admin: 200, outsider: 404 } as const;

  let publicSpace: string;
  beforeAll(async () => {
    publicSpace = (await createSpace({ name: unique('Matrix') })).uuid;
  });
  const freshChart = async () => (await savedChart(publicSpace)).uuid;
  const privateChart = async () => (await savedChart((await createSpace({ name: unique('Matrix private'), isPrivate: true })).uuid)).uuid;
  const freshDashboard = async () => (await savedDashboard(publicSpace)).uuid;
  const privateDashboard = async () =>
    (await savedDashboard((await createSpace({ name: unique('Matrix private'), isPrivate: true })).uuid)).uuid;

  const actions: Action[] = [
    {
      name: 'create a chart in a public space',
      expected: editorsUp,
      run: async (caller) => (await createChart(publicSpace, {}, caller.token)).status,
    },
    {
      name: 'create a chart in a private space shared with the caller as editor',
      // Space editors need at least interactive viewer in the project to write.
      expected: { viewer: 403, interactive_viewer: 200, editor: 200, developer: 200, admin: 200, outsider: 404 },
      run: async (caller) => {
        const space = await createSpace({
          name: unique('Shared editor'),
          isPrivate: true,
          access: [{ userUuid: caller.userUuid, role: 'editor' }],
        });
        return (await createChart(space.uuid, {}, caller.token)).status;
      },
    },
    {
      name: 'list charts',
      expected: everyone,
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/charts`, { token: caller.token })).status,
    },
    {
      name: 'get a chart',
      expected: everyone,
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/saved/${await freshChart()}`, { token: caller.token })).status,
    },
    {
      name: 'get a chart in a private space',
      expected: adminOnlyHidden,
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/saved/${await privateChart()}`, { token: caller.token })).status,
    },
    {
      name: 'chart history',
      expected: everyone,
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/saved/${await freshChart()}/history`, { token: caller.token })).status,
    },
    {
      name: 'update a chart',
      expected: editorsUp,
      run: async (caller) =>
        (await call(baseUrl, 'PATCH', `/api/v1/saved/${await freshChart()}`, { token: caller.token, body: { name: 'x' } })).status,
    },
    {
      name: 'save a chart version',
      expected: editorsUp,
      run: async (caller) =>
        (
          await call(baseUrl, 'POST', `/api/v1/saved/${await freshChart()}/version`, {
            token: caller.token,
            body: { tableName: 'orders', metricQuery: METRIC_QUERY, chartConfig: { type: 'table' }, tableConfig: { columnOrder: [] } },
          })
        ).status,
    },
    {
      name: 'update a chart in a private space',
      expected: adminOnlyHidden,
      run: async (caller) =>
        (await call(baseUrl, 'PATCH', `/api/v1/saved/${await privateChart()}`, { token: caller.token, body: { name: 'x' } })).status,
    },
    {
      name: 'delete a chart',
      expected: editorsUp,
      run: async (caller) => (await call(baseUrl, 'DELETE', `/api/v1/saved/${await freshChart()}`, { token: caller.token })).status,
    },
    {
      name: 'pin a chart',
      expected: editorsUp,
      run: async (caller) => (await call(baseUrl, 'PATCH', `/api/v1/saved/${await freshChart()}/pinning`, { token: caller.token })).status,
    },
    {
      name: 'create a dashboard in a public space',
      expected: { ...editorsUp, editor: 201, developer: 201, admin: 201 },
      run: async (caller) => (await createDashboard(publicSpace, {}, caller.token)).status,
    },
    {
      name: 'list dashboards',
      expected: everyone,
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dashboards`, { token: caller.token })).status,
    },
    {
      name: 'get a dashboard',
      expected: everyone,
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/dashboards/${await freshDashboard()}`, { token: caller.token })).status,
    },
    {
      name: 'get a dashboard in a private space',
      expected: adminOnlyHidden,
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/dashboards/${await privateDashboard()}`, { token: caller.token })).status,
    },
    {
      name: 'update a dashboard',
      expected: editorsUp,
      run: async (caller) =>
        (await call(baseUrl, 'PATCH', `/api/v1/dashboards/${await freshDashboard()}`, { token: caller.token, body: { name: 'x' } })).status,
    },
    {
      name: 'delete a dashboard',
      expected: editorsUp,
      run: async (caller) =>
        (await call(baseUrl, 'DELETE', `/api/v1/dashboards/${await freshDashboard()}`, { token: caller.token })).status,
    },
    {
      name: 'pin a dashboard',
      expected: editorsUp,
      run: async (caller) =>
        (await call(baseUrl, 'PATCH', `/api/v1/dashboards/${await freshDashboard()}/pinning`, { token: caller.token })).status,
    },
    {
      name: 'create a SQL chart',
      // Writing SQL needs the developer role (custom SQL) on top of space editor.
      expected: { viewer: 403, interactive_viewer: 403, editor: 403, developer: 200, admin: 200, outsider: 404 },
      run: async (caller) => (await createSqlChart(publicSpace, {}, caller.token)).status,
    },
    {
      name: 'get a SQL chart by slug',
      expected: everyone,
      run: async (caller) =>
        (await call(baseUrl, 'GET', sqlChartPath(`slug/${(await createSqlChart(publicSpace)).body.results.slug}`), { token: caller.token }))
          .status,
    },
    {
      name: 'get a SQL chart in a private space',
      expected: adminOnlyHidden,
      run: async (caller) => {
        const space = await createSpace({ name: unique('Matrix private'), isPrivate: true });
        return (
          await call(baseUrl, 'GET', sqlChartPath((await createSqlChart(space.uuid)).body.results.savedSqlUuid), { token: caller.token })
        ).status;
      },
    },
    {
      name: 'rename a SQL chart',
      expected: editorsUp,
      run: async (caller) =>
        (
          await call(baseUrl, 'PATCH', sqlChartPath((await createSqlChart(publicSpace)).body.results.savedSqlUuid), {
            token: caller.token,
            body: { unversionedData: { name: 'x' } },
          })
        ).status,
    },
    {
      name: 'change the SQL of a SQL chart',
      expected: { viewer: 403, interactive_viewer: 403, editor: 403, developer: 200, admin: 200, outsider: 404 },
      run: async (caller) =>
        (
          await call(baseUrl, 'PATCH', sqlChartPath((await createSqlChart(publicSpace)).body.results.savedSqlUuid), {
            token: caller.token,
            body: { versionedData: { sql: 'select 2', limit: 5, config: { type: 'table' } } },
          })
        ).status,
    },
    {
      name: 'delete a SQL chart',
      expected: editorsUp,
      run: async (caller) =>
        (
          await call(baseUrl, 'DELETE', sqlChartPath((await createSqlChart(publicSpace)).body.results.savedSqlUuid), {
            token: caller.token,
          })
        ).status,
    },
    {
      name: 'download charts as code',
      expected: { viewer: 403, interactive_viewer: 403, editor: 403, developer: 200, admin: 200, outsider: 404 },
      run: async (caller) => (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/charts/code`, { token: caller.token })).status,
    },
    {
      name: 'download dashboards as code',
      expected: { viewer: 403, interactive_viewer: 403, editor: 403, developer: 200, admin: 200, outsider: 404 },
      run: async (caller) =>
        (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dashboards/code`, { token: caller.token })).status,
    },
    {
      name: 'upload a chart as code',
      expected: { viewer: 403, interactive_viewer: 403, editor: 403, developer: 200, admin: 200, outsider: 404 },
      run: async (caller) => {
        const slug = `as-code-${process.pid}-${(counter += 1)}`;
        const body = { ...chartBody(publicSpace), spaceUuid: undefined, spaceSlug: 'as_code_matrix', publicSpaceCreate: true };
        return (await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/charts/${slug}/code`, { token: caller.token, body })).status;
      },
    },
    {
      name: 'save a chart inside a dashboard',
      expected: editorsUp,
      run: async (caller) => (await createChart('', { spaceUuid: undefined, dashboardUuid: await freshDashboard() }, caller.token)).status,
    },
  ];

  it.each(actions.map((action) => [action.name, action] as const))('%s', async (_name, action) => {
    const outcomes: Record<string, number> = {};
    for (const role of ROLES) outcomes[role] = await action.run(byRole[role]);
    outcomes['outsider'] = await action.run(outsider);
    expect(outcomes).toEqual(action.expected);
  });
});
