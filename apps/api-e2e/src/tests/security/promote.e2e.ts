import { call } from '../../support/api-client';
import { created, TABLE_CHART_CONTENT } from '../../support/created';
import { JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';

/**
 * Issue 31, Finding 8 in promotion (E10): promoting from a preview plans against the upstream
 * project by slug and path. Content of the upstream project the developer cannot see must not
 * show in the plan (no uuid, name or path of it), must not be overwritten, and a refused
 * promotion must leave nothing half-made upstream. Each attack as a developer would send it.
 */
const { baseUrl, adminToken } = sharedQuarry();

let counter = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now()}-${(counter += 1)}`;

let upstreamUuid: string;
/** A developer of the upstream project (organization role: member) who promotes from their preview. */
let developer: Member;
let previewUuid: string;

const upstreamPath = (suffix: string) => `/api/v1/projects/${upstreamUuid}${suffix}`;
const previewPath = (suffix: string) => `/api/v1/projects/${previewUuid}${suffix}`;

interface Space {
  uuid: string;
  name: string;
  path: string;
}
interface Chart {
  uuid: string;
  name: string;
  slug: string;
  spaceUuid: string;
  projectUuid: string;
  description: string | null;
  version: number;
}
interface Dashboard {
  uuid: string;
  name: string;
  slug: string;
  spaceUuid: string;
  dashboardVersionId: number;
  tiles: Array<{ properties: Record<string, unknown> }>;
}
interface Change {
  action: string;
  data: Record<string, unknown>;
}
interface Changes {
  spaces: Change[];
  charts: Change[];
  dashboards: Change[];
}

function space(projectPath: (suffix: string) => string, token: string, body: Record<string, unknown>): Promise<Space> {
  return created<Space>('space', call(baseUrl, 'POST', projectPath('/spaces'), { token, body }));
}

function chart(projectPath: (suffix: string) => string, token: string, body: Record<string, unknown>): Promise<Chart> {
  return created<Chart>('chart', call(baseUrl, 'POST', projectPath('/saved'), { token, body: { ...TABLE_CHART_CONTENT, ...body } }));
}

async function dashboard(
  projectPath: (suffix: string) => string,
  token: string,
  name: string,
  spaceUuid: string,
  chartUuids: string[] = [],
): Promise<Dashboard> {
  const board = await created<Dashboard>(
    'dashboard',
    call(baseUrl, 'POST', projectPath('/dashboards'), { token, body: { name, spaceUuid, tiles: [], tabs: [] } }),
  );
  if (chartUuids.length === 0) return board;
  const tiles = chartUuids.map((savedChartUuid, index) => ({
    type: 'saved_chart',
    x: 0,
    y: index * 4,
    w: 6,
    h: 4,
    properties: { savedChartUuid },
  }));
  return created<Dashboard>('tiles', call(baseUrl, 'PATCH', `/api/v1/dashboards/${board.uuid}`, { token, body: { tiles } }));
}

/** What the organization admin sees of the upstream project: every space, chart and dashboard. */
async function upstreamAsAdmin(): Promise<{ spaces: Space[]; charts: Chart[]; dashboards: Dashboard[] }> {
  const [spaces, charts, dashboards] = await Promise.all(
    ['/spaces', '/charts', '/dashboards'].map((suffix) =>
      created<unknown[]>(`list ${suffix}`, call(baseUrl, 'GET', upstreamPath(suffix), { token: adminToken })),
    ),
  );
  return { spaces: spaces as Space[], charts: charts as Chart[], dashboards: dashboards as Dashboard[] };
}

/** A plan with the caller's own names, paths and slugs replaced by their role, to compare plans of different content. */
function planShape(changes: Changes, names: Record<string, string>): unknown {
  const rename = (value: unknown) => (typeof value === 'string' && value in names ? names[value] : value);
  const shape = (change: Change) => ({
    action: change.action,
    data: Object.fromEntries(Object.entries(change.data).map(([key, value]) => [key, rename(value)])),
  });
  return { spaces: changes.spaces.map(shape), charts: changes.charts.map(shape), dashboards: changes.dashboards.map(shape) };
}

beforeAll(async () => {
  const upstream = await created<{ project: { projectUuid: string } }>(
    'upstream project',
    call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('Promote upstream'),
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
        transformConnection: { type: 'none' },
      },
    }),
  );
  upstreamUuid = upstream.project.projectUuid;
  developer = await userWithToken('member');
  await created(
    'grant developer',
    call(baseUrl, 'POST', upstreamPath('/access'), { token: adminToken, body: { userUuid: developer.userUuid, role: 'developer' } }),
  );
  const preview = await created<{ project: { projectUuid: string } }>(
    'preview',
    call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: developer.token,
      body: {
        name: unique('Promote preview'),
        type: 'PREVIEW',
        transformVersion: 'v1.7',
        upstreamProjectUuid: upstreamUuid,
        copyWarehouseConnectionFromUpstreamProject: true,
        copyContent: false,
        transformConnection: { type: 'none' },
      },
    }),
  );
  previewUuid = preview.project.projectUuid;
});

describe('Finding 8 (promotion): upstream content the developer cannot see is planned as absent — never shown in the diff, never overwritten', () => {
  it('chart promoteDiff and promote: a hidden chart and private space holding the same slug and path show nothing of themselves and stay untouched', async () => {
    // The admin's private space upstream (no share for the developer) with a chart.
    const spaceName = unique('Finance');
    const chartName = unique('Margin');
    const hiddenSpace = await space(upstreamPath, adminToken, { name: spaceName, isPrivate: true });
    const hiddenChart = await chart(upstreamPath, adminToken, {
      name: chartName,
      description: 'the admin’s own',
      spaceUuid: hiddenSpace.uuid,
    });

    // The developer's preview: the same space name and chart name, so the same path and slug.
    const ownSpace = await space(previewPath, developer.token, { name: spaceName });
    const ownChart = await chart(previewPath, developer.token, {
      name: chartName,
      description: 'the developer’s',
      spaceUuid: ownSpace.uuid,
    });
    expect([ownSpace.path, ownChart.slug]).toEqual([hiddenSpace.path, hiddenChart.slug]);
    // Control: a chart whose slug and path nothing upstream holds.
    const freeSpace = await space(previewPath, developer.token, { name: unique('Free space') });
    const freeChart = await chart(previewPath, developer.token, {
      name: unique('Free chart'),
      description: 'the developer’s',
      spaceUuid: freeSpace.uuid,
    });

    const diff = await call(baseUrl, 'GET', `/api/v1/saved/${ownChart.uuid}/promoteDiff`, { token: developer.token });
    expect(diff.status).toBe(200);
    const serialized = JSON.stringify(diff.body);
    for (const secret of [hiddenSpace.uuid, hiddenChart.uuid, 'the admin’s own']) expect(serialized).not.toContain(secret);
    // Exactly the plan of content nothing upstream holds: create the space and the chart, no uuid.
    const control = await call(baseUrl, 'GET', `/api/v1/saved/${freeChart.uuid}/promoteDiff`, { token: developer.token });
    expect(
      planShape(diff.body.results, {
        [spaceName]: 'space name',
        [ownSpace.path]: 'space path',
        [chartName]: 'chart name',
        [ownChart.slug]: 'chart slug',
      }),
    ).toEqual(
      planShape(control.body.results, {
        [freeSpace.name]: 'space name',
        [freeSpace.path]: 'space path',
        [freeChart.name]: 'chart name',
        [freeChart.slug]: 'chart slug',
      }),
    );
    expect(diff.body.results).toMatchObject({
      spaces: [{ action: 'create', data: { uuid: null } }],
      charts: [{ action: 'create', data: { uuid: null } }],
      dashboards: [],
    });

    const promoted = await call(baseUrl, 'POST', `/api/v1/saved/${ownChart.uuid}/promote`, { token: developer.token });
    expect(promoted.status).toBe(200);
    const upstreamChart = promoted.body.results as Chart;
    expect(upstreamChart).toMatchObject({ projectUuid: upstreamUuid, name: chartName, description: 'the developer’s' });
    expect(upstreamChart.uuid).not.toBe(hiddenChart.uuid);
    expect(upstreamChart.spaceUuid).not.toBe(hiddenSpace.uuid);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${upstreamChart.uuid}`, { token: developer.token })).status).toBe(200);

    // The hidden chart is untouched (same version, content and space), and still hidden from the developer.
    const after = await call(baseUrl, 'GET', `/api/v1/saved/${hiddenChart.uuid}`, { token: adminToken });
    expect(after.body.results).toMatchObject({
      name: chartName,
      description: 'the admin’s own',
      spaceUuid: hiddenSpace.uuid,
      version: hiddenChart.version,
      slug: hiddenChart.slug,
    });
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${hiddenChart.uuid}`, { token: developer.token })).status).toBe(404);
    const upstream = await upstreamAsAdmin();
    expect(upstream.charts.filter((entry) => entry.spaceUuid === hiddenSpace.uuid).map((entry) => entry.uuid)).toEqual([hiddenChart.uuid]);
  });

  it('dashboard promoteDiff and promote: a hidden dashboard, its private space and its chart holding the same slugs and path show nothing and stay untouched', async () => {
    const spaceName = unique('Board room');
    const chartName = unique('Board chart');
    const boardName = unique('Board');
    const hiddenSpace = await space(upstreamPath, adminToken, { name: spaceName, isPrivate: true });
    const hiddenChart = await chart(upstreamPath, adminToken, { name: chartName, spaceUuid: hiddenSpace.uuid });
    const hiddenBoard = await dashboard(upstreamPath, adminToken, boardName, hiddenSpace.uuid, [hiddenChart.uuid]);

    // The developer's dashboard sits in a fresh space; its chart in a space with the hidden space's path.
    const freshSpace = await space(previewPath, developer.token, { name: unique('Fresh') });
    const sameSpace = await space(previewPath, developer.token, { name: spaceName });
    const ownChart = await chart(previewPath, developer.token, { name: chartName, spaceUuid: sameSpace.uuid });
    const ownBoard = await dashboard(previewPath, developer.token, boardName, freshSpace.uuid, [ownChart.uuid]);
    expect([sameSpace.path, ownChart.slug, ownBoard.slug]).toEqual([hiddenSpace.path, hiddenChart.slug, hiddenBoard.slug]);

    const diff = await call(baseUrl, 'GET', `/api/v1/dashboards/${ownBoard.uuid}/promoteDiff`, { token: developer.token });
    expect(diff.status).toBe(200);
    const serialized = JSON.stringify(diff.body);
    for (const secret of [hiddenSpace.uuid, hiddenChart.uuid, hiddenBoard.uuid]) expect(serialized).not.toContain(secret);
    const changes = diff.body.results as Changes;
    expect([...changes.spaces, ...changes.charts, ...changes.dashboards].map((change) => [change.action, change.data['uuid']])).toEqual(
      Array(4).fill(['create', null]),
    );

    const before = await upstreamAsAdmin();
    const promoted = await call(baseUrl, 'POST', `/api/v1/dashboards/${ownBoard.uuid}/promote`, { token: developer.token });
    expect(promoted.status).toBe(200);
    const upstreamBoard = promoted.body.results as Dashboard;
    expect(upstreamBoard.uuid).not.toBe(hiddenBoard.uuid);
    expect(upstreamBoard.name).toBe(boardName);
    const tileChart = upstreamBoard.tiles[0]?.properties['savedChartUuid'];
    expect(tileChart).not.toBe(hiddenChart.uuid);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${tileChart}`, { token: developer.token })).body.results).toMatchObject({
      name: chartName,
      projectUuid: upstreamUuid,
    });

    // The hidden dashboard and chart are untouched; nothing new went into the hidden space.
    const board = await call(baseUrl, 'GET', `/api/v1/dashboards/${hiddenBoard.uuid}`, { token: adminToken });
    expect(board.body.results).toMatchObject({ dashboardVersionId: hiddenBoard.dashboardVersionId, spaceUuid: hiddenSpace.uuid });
    expect(board.body.results.tiles.map((tile: { properties: Record<string, unknown> }) => tile.properties['savedChartUuid'])).toEqual([
      hiddenChart.uuid,
    ]);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${hiddenChart.uuid}`, { token: adminToken })).body.results).toMatchObject({
      version: hiddenChart.version,
      spaceUuid: hiddenSpace.uuid,
    });
    const after = await upstreamAsAdmin();
    const inHidden = (listing: typeof after) =>
      [...listing.charts, ...listing.dashboards]
        .filter((entry) => entry.spaceUuid === hiddenSpace.uuid)
        .map((entry) => entry.uuid)
        .sort();
    expect(inHidden(after)).toEqual(inHidden(before));
  });
});

describe('Finding 8 (promotion): every permission is checked before anything is written, and the promotion is one transaction', () => {
  it('refuses (403) a dashboard whose chart would go into an upstream space the developer may only view, leaving no space, dashboard or chart behind', async () => {
    // A private upstream space shared with the developer as a viewer: visible, not theirs to change.
    const viewOnlyName = unique('Read only');
    const viewOnly = await space(upstreamPath, adminToken, {
      name: viewOnlyName,
      isPrivate: true,
      access: [{ userUuid: developer.userUuid, role: 'viewer' }],
    });

    const freshSpace = await space(previewPath, developer.token, { name: unique('Fresh first') });
    const sameSpace = await space(previewPath, developer.token, { name: viewOnlyName });
    expect(sameSpace.path).toBe(viewOnly.path);
    const ownChart = await chart(previewPath, developer.token, { name: unique('Refused chart'), spaceUuid: sameSpace.uuid });
    const ownBoard = await dashboard(previewPath, developer.token, unique('Refused board'), freshSpace.uuid, [ownChart.uuid]);

    // The space is visible to the developer, so the plan may name it (as the reference does).
    const diff = await call(baseUrl, 'GET', `/api/v1/dashboards/${ownBoard.uuid}/promoteDiff`, { token: developer.token });
    expect(diff.status).toBe(200);

    const before = await upstreamAsAdmin();
    const refused = await call(baseUrl, 'POST', `/api/v1/dashboards/${ownBoard.uuid}/promote`, { token: developer.token });
    expect(refused.status).toBe(403);
    const after = await upstreamAsAdmin();
    expect(after.spaces.map((entry) => entry.path)).not.toContain(freshSpace.path);
    expect(after.spaces.map((entry) => entry.path).sort()).toEqual(before.spaces.map((entry) => entry.path).sort());
    expect(after.dashboards.map((entry) => entry.slug)).not.toContain(ownBoard.slug);
    expect(after.charts.map((entry) => entry.slug)).not.toContain(ownChart.slug);
    // The reference's answer for content the caller can see but not change.
    expect(refused.body.error.message).toBe(
      `Failed to promote dashboard: this dashboard uses a chart "${ownChart.name}" which belongs to a space ${viewOnlyName} you don't have access to edit in the upstream project.`,
    );
  });
});
