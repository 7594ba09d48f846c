import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse, stringify } from 'yaml';

import { type ApiResponse, call } from '../../support/api-client';
import { created } from '../../support/created';
import { JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';

/**
 * Client compatibility (issue 33): the reference's content-as-code files, as its CLI's `download`
 * writes them (fixtures/content-as-code, written to its ChartAsCode / DashboardAsCode types), upload
 * to Quarry unchanged, and Quarry's own files round-trip: download, write as YAML, read, upload,
 * download again gives the same files.
 */
const { baseUrl, adminToken } = sharedQuarry();
const FIXTURES = join(__dirname, '../../fixtures/content-as-code');

type File = Record<string, unknown>;
const fixture = (name: string): File => parse(readFileSync(join(FIXTURES, name), 'utf8')) as File;

let developer: Member;
let projectUuid: string;

beforeAll(async () => {
  developer = await userWithToken('member');
  const { project } = await created<{ project: { projectUuid: string } }>(
    'project',
    call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: `Content as code clients ${process.pid}`,
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
        transformConnection: { type: 'none' },
      },
    }),
  );
  projectUuid = project.projectUuid;
  await created(
    'grant',
    call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
      token: adminToken,
      body: { userUuid: developer.userUuid, role: 'developer' },
    }),
  );
});

const upload = (kind: 'charts' | 'dashboards', file: File, token = developer.token): Promise<ApiResponse> =>
  call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/${kind}/${String(file['slug'])}/code`, { token, body: file });

async function download(kind: 'charts' | 'dashboards'): Promise<File[]> {
  const answer = await created<Record<string, File[]>>(
    `download ${kind}`,
    call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/${kind}/code`, { token: developer.token }),
  );
  return answer[kind] as File[];
}

/** A downloaded file as the CLI keeps it on disk: YAML text, without the download time. */
const asYaml = (file: File): string => stringify({ ...file, downloadedAt: undefined });

describe("the reference's chart files upload unchanged", () => {
  it('creates the chart of an older-shape file (dashboardUuid: null, spaceSlug of a space name), answering its description and metricQuery', async () => {
    const file = fixture('monthly-order-status.yml');
    expect(file).toMatchObject({ dashboardUuid: null, spaceSlug: 'jaffle-shop' });
    const answer = await upload('charts', file);
    expect(answer.status).toBe(200);
    expect(answer.body.results.spaces).toEqual([
      { action: 'create', data: expect.objectContaining({ path: 'jaffle_shop', name: 'jaffle shop', parentPath: null }) },
    ]);
    expect(answer.body.results.charts).toEqual([
      {
        action: 'create',
        data: expect.objectContaining({
          uuid: expect.any(String),
          slug: file['slug'],
          spacePath: 'jaffle_shop',
          description: file['description'],
          metricQuery: file['metricQuery'],
        }),
      },
    ]);
    const chart = await created<File>(
      'chart',
      call(baseUrl, 'GET', `/api/v1/saved/${answer.body.results.charts[0].data.uuid}`, { token: developer.token }),
    );
    expect(chart).toMatchObject({
      name: file['name'],
      description: file['description'],
      tableName: 'orders',
      metricQuery: file['metricQuery'],
      dashboardUuid: null,
    });
  });

  it("updates it as the reference's API test does: a new description and limit come back in the answer", async () => {
    const file = fixture('monthly-order-status.yml');
    const description = `Updated description ${Date.now()}`;
    const metricQuery = { ...(file['metricQuery'] as File), limit: 250 };
    const answer = await upload('charts', { ...file, description, metricQuery });
    expect(answer.status).toBe(200);
    expect(answer.body.results.spaces).toEqual([]);
    expect(answer.body.results.charts[0].action).toBe('update');
    expect(answer.body.results.charts[0].data.description).toBe(description);
    expect(answer.body.results.charts[0].data.metricQuery.limit).toBe(250);
  });

  it('reads a space path with underscores and one with dashes as the same space', async () => {
    const file = { ...fixture('monthly-order-status.yml'), slug: 'same-space-other-spelling', spaceSlug: 'jaffle_shop' };
    const answer = await upload('charts', file);
    expect(answer.status).toBe(200);
    expect(answer.body.results.spaces).toEqual([]);
    expect(answer.body.results.charts[0].data.spacePath).toBe('jaffle_shop');
  });

  it('creates nested spaces from a content path (jaffle-shop/revenue) and takes newer-shape files (contentType, no tableConfig)', async () => {
    const first = await upload('charts', fixture('orders-by-status.yml'));
    expect(first.status).toBe(200);
    expect(first.body.results.spaces).toEqual([
      { action: 'create', data: expect.objectContaining({ path: 'jaffle_shop.revenue', parentPath: 'jaffle_shop' }) },
    ]);
    expect(first.body.results.charts[0].data.tableConfig).toEqual({ columnOrder: [] });
    const second = await upload('charts', fixture('revenue-to-date.yml'));
    expect(second.status).toBe(200);
    expect(second.body.results.spaces).toEqual([]);
  });

  it('names a bad dashboardUuid or contentType in a 400', async () => {
    const file = fixture('monthly-order-status.yml');
    const wrongDashboard = await upload('charts', { ...file, dashboardUuid: '00000000-0000-4000-8000-000000000000' });
    expect(wrongDashboard.status).toBe(400);
    expect(Object.keys(wrongDashboard.body.error.data)).toEqual(['dashboardUuid']);
    const wrongType = await upload('charts', { ...file, contentType: 'dashboard' });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.error.data)).toEqual(['contentType']);
  });
});

describe("the reference's dashboard files upload unchanged", () => {
  it('creates the dashboard of a file whose tiles have no tileSlug, then finds nothing to change in the same file', async () => {
    const file = fixture('jaffle-overview.yml');
    expect((file['tiles'] as File[]).some((tile) => 'tileSlug' in tile)).toBe(false);
    const answer = await upload('dashboards', file);
    expect(answer.status).toBe(200);
    expect(answer.body.results.dashboards).toEqual([
      { action: 'create', data: expect.objectContaining({ slug: 'jaffle-overview', spacePath: 'jaffle_shop', description: null }) },
    ]);
    const board = await created<{ tiles: Array<{ type: string; properties: File }> }>(
      'dashboard',
      call(baseUrl, 'GET', `/api/v1/dashboards/${answer.body.results.dashboards[0].data.uuid}`, { token: developer.token }),
    );
    expect(board.tiles.map((tile) => tile.type)).toEqual(['loom', 'markdown', 'markdown', 'saved_chart', 'saved_chart']);
    const again = await upload('dashboards', file);
    expect(again.status).toBe(200);
    expect(again.body.results.dashboards[0].action).toBe('no changes');
    const described = await upload('dashboards', { ...file, description: 'For the morning meeting' });
    expect(described.body.results.dashboards[0]).toMatchObject({ action: 'update', data: { description: 'For the morning meeting' } });
  });
});

describe("the reference's newest files upload unchanged (verification, parameters, colorPalette, tile uuids, hidden tabs)", () => {
  it('creates the chart of a newest-shape file, ignoring what Quarry does not keep, then finds nothing to change', async () => {
    const file = fixture('orders-by-month-newest.yml');
    expect(Object.keys(file)).toEqual(expect.arrayContaining(['verification', 'verified', 'parameters', 'colorPalette']));
    const answer = await upload('charts', file);
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 200, error: undefined });
    expect(answer.body.results.charts[0]).toMatchObject({
      action: 'create',
      data: { slug: file['slug'], spacePath: 'jaffle_shop.trends' },
    });
    expect((await upload('charts', file)).body.results.charts[0].action).toBe('no changes');
  });

  it('keeps the tile uuids and hidden tab of a newest-shape dashboard, with filters targeting tiles by uuid', async () => {
    const file = fixture('jaffle-tabs-newest.yml');
    const tiles = file['tiles'] as File[];
    const answer = await upload('dashboards', file);
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 200, error: undefined });
    const board = await created<{ tiles: Array<{ uuid: string }>; tabs: File[]; filters: { dimensions: File[] } }>(
      'dashboard',
      call(baseUrl, 'GET', `/api/v1/dashboards/${answer.body.results.dashboards[0].data.uuid}`, { token: developer.token }),
    );
    expect(board.tiles.map((tile) => tile.uuid)).toEqual(tiles.map((tile) => tile['uuid']));
    expect(board.tabs).toEqual(file['tabs']);
    expect(Object.keys(board.filters.dimensions[0]?.['tileTargets'] as File)).toEqual([tiles[1]?.['uuid']]);
    expect((await upload('dashboards', file)).body.results.dashboards[0].action).toBe('no changes');
    const [downloaded] = (await download('dashboards')).filter((dashboard) => dashboard['slug'] === file['slug']);
    expect((downloaded?.['tiles'] as File[]).map((tile) => tile['uuid'])).toEqual(tiles.map((tile) => tile['uuid']));
    expect(downloaded?.['tabs']).toEqual(file['tabs']);
  });

  it('names a tile uuid given twice in a 400', async () => {
    const file = fixture('jaffle-tabs-newest.yml');
    const tiles = file['tiles'] as File[];
    const twice = tiles.map((tile, index) => (index === 2 ? { ...tile, uuid: tiles[0]?.['uuid'] } : tile));
    const answer = await upload('dashboards', { ...file, slug: 'jaffle-tabs-twice', tiles: twice });
    expect({ status: answer.status, fields: Object.keys(answer.body.error?.data ?? {}) }).toEqual({
      status: 400,
      fields: ['tiles.2.uuid'],
    });
  });
});

describe('files round-trip', () => {
  it('download, write as YAML, read, upload unchanged, download again: the same files, nothing changed', async () => {
    const charts = await download('charts');
    const dashboards = await download('dashboards');
    expect(charts.map((chart) => chart['slug']).sort()).toEqual([
      'how-do-order-statuses-change-month-by-month',
      'how-many-orders-do-we-get-each-month',
      'how-many-orders-does-each-status-have',
      'same-space-other-spelling',
      'what-is-our-revenue-to-date',
    ]);
    expect(dashboards.map((dashboard) => dashboard['slug'])).toEqual(['jaffle-overview', 'jaffle-tabs']);
    const onDisk = [
      ...charts.map((file) => ['charts', asYaml(file)] as const),
      ...dashboards.map((file) => ['dashboards', asYaml(file)] as const),
    ];
    for (const [kind, text] of onDisk) {
      const answer = await upload(kind, parse(text) as File);
      expect({
        kind,
        status: answer.status,
        actions: [...answer.body.results.charts, ...answer.body.results.dashboards].map((change: { action: string }) => change.action),
      }).toEqual({
        kind,
        status: 200,
        actions: ['no changes'],
      });
    }
    expect((await download('charts')).map(asYaml)).toEqual(charts.map(asYaml));
    expect((await download('dashboards')).map(asYaml)).toEqual(dashboards.map(asYaml));
  });
});
