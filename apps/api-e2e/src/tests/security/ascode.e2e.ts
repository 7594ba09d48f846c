import { type ApiResponse, call } from '../../support/api-client';
import { JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';

/**
 * Issue 31, content as code (E14 family): a space path held by a space the caller cannot see
 * answers exactly like a free path. Uploads plan on the caller's visible spaces only, create the
 * caller's own space at the next free path, and never name, reveal or touch the hidden space.
 */
const { baseUrl, adminToken } = sharedQuarry();

let counter = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now()}-${(counter += 1)}`;

let developer: Member;

async function created<T = Record<string, unknown>>(what: string, response: Promise<ApiResponse>): Promise<T> {
  const answer = await response;
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.results as T;
}

const METRIC_QUERY = {
  exploreName: 'orders',
  dimensions: ['orders_order_date_day'],
  metrics: ['orders_total_amount'],
  filters: {},
  sorts: [],
  limit: 500,
  tableCalculations: [],
};
const CHART_FILE = {
  name: 'As code chart',
  tableName: 'orders',
  metricQuery: METRIC_QUERY,
  chartConfig: { type: 'table' },
  tableConfig: { columnOrder: [] },
};
const DASHBOARD_FILE = { name: 'As code dashboard', tiles: [], tabs: [] };

interface Hidden {
  projectUuid: string;
  space: { uuid: string; name: string; path: string };
  chart: { uuid: string; name: string };
  /** The admin's view of the hidden space before the attack, to compare after. */
  before: unknown;
}

/** A project where the developer works and the organization admin has a private space at path `x`, with a chart in it. */
async function projectWithHiddenX(): Promise<Hidden> {
  const { project } = await created<{ project: { projectUuid: string } }>(
    'project',
    call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('As code'),
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
        transformConnection: { type: 'none' },
      },
    }),
  );
  const projectUuid = project.projectUuid;
  await created(
    'grant',
    call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
      token: adminToken,
      body: { userUuid: developer.userUuid, role: 'developer' },
    }),
  );
  const space = await created<Hidden['space']>(
    'space',
    call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/spaces`, { token: adminToken, body: { name: 'x', isPrivate: true } }),
  );
  expect(space.path).toBe('x');
  const chartName = unique('Admin private chart');
  const chart = await created<{ uuid: string }>(
    'chart',
    call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, {
      token: adminToken,
      body: { ...CHART_FILE, name: chartName, spaceUuid: space.uuid },
    }),
  );
  // The developer cannot see the space: it is the admin's private one.
  expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces/${space.uuid}`, { token: developer.token })).status).toBe(404);
  const before = (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces/${space.uuid}`, { token: adminToken })).body.results;
  return { projectUuid, space, chart: { uuid: chart.uuid, name: chartName }, before };
}

/** An answer with the root segment of the space path replaced, to compare a hidden path's plan with a free one's. */
function withRoot(answer: ApiResponse, root: string): unknown {
  const text = JSON.stringify({ status: answer.status, body: answer.body }).replace(new RegExp(`"${root}(\\.|")`, 'g'), '"ROOT$1');
  return JSON.parse(text);
}

/** Nothing of the hidden space or its content in any answer. */
function expectNothingOf(hidden: Hidden, answers: ApiResponse[]): void {
  for (const answer of answers) {
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(hidden.space.uuid);
    expect(text).not.toContain(hidden.chart.uuid);
    expect(text).not.toContain(hidden.chart.name);
    expect(text).not.toContain('Space not found');
  }
}

/** The hidden space as its admin sees it is unchanged, and it holds no space of the developer's. */
async function expectUntouched(hidden: Hidden): Promise<void> {
  const after = await call(baseUrl, 'GET', `/api/v1/projects/${hidden.projectUuid}/spaces/${hidden.space.uuid}`, { token: adminToken });
  expect(after.body.results).toEqual(hidden.before);
  const all = (await call(baseUrl, 'GET', `/api/v1/projects/${hidden.projectUuid}/spaces`, { token: adminToken })).body.results as Array<{
    uuid: string;
    parentSpaceUuid?: string | null;
  }>;
  expect(all.filter((space) => space.parentSpaceUuid === hidden.space.uuid)).toEqual([]);
}

/** The developer's visible spaces, by uuid. */
async function developerSpaces(projectUuid: string): Promise<Map<string, { uuid: string; path: string; parentSpaceUuid?: string | null }>> {
  const spaces = (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces`, { token: developer.token })).body.results as Array<{
    uuid: string;
    path: string;
  }>;
  return new Map(spaces.map((space) => [space.uuid, space]));
}

beforeAll(async () => {
  developer = await userWithToken('member');
});

describe("E14 (issue 31): a chart uploaded as code to the path of another user's private space", () => {
  it('plans exactly like a free path, creates the developer’s own space and never reveals or touches the hidden one', async () => {
    const hidden = await projectWithHiddenX();
    const upload = (slug: string, body: Record<string, unknown>) =>
      call(baseUrl, 'POST', `/api/v1/projects/${hidden.projectUuid}/charts/${slug}/code`, {
        token: developer.token,
        body: { ...CHART_FILE, ...body },
      });

    const onHidden = await upload('planned-chart', { spaceSlug: 'x', dryRun: true });
    const onFree = await upload('planned-chart', { spaceSlug: 'free', dryRun: true });
    expect(withRoot(onHidden, 'x')).toEqual(withRoot(onFree, 'free'));
    expect(onHidden.status).toBe(200);
    expect(onHidden.body.results.spaces).toEqual([
      { action: 'create', data: { uuid: null, name: 'x', path: 'x', parentPath: null, isPrivate: true } },
    ]);

    const real = await upload('real-chart', { spaceSlug: 'x' });
    expect(real.status).toBe(200);
    expectNothingOf(hidden, [onHidden, onFree, real]);
    const chartUuid = real.body.results.charts[0].data.uuid as string;
    const chart = await call(baseUrl, 'GET', `/api/v1/saved/${chartUuid}`, { token: developer.token });
    expect(chart.status).toBe(200);
    // The chart lives in a new space of the developer's, placed by its uuid, not in the hidden `x`.
    const spaceUuid = chart.body.results.spaceUuid as string;
    expect(spaceUuid).not.toBe(hidden.space.uuid);
    expect(real.body.results.spaces[0].data.uuid).toBe(spaceUuid);
    const own = (await developerSpaces(hidden.projectUuid)).get(spaceUuid);
    expect(own?.path).toMatch(/^x_\d+$/);
    await expectUntouched(hidden);
  });
});

describe("E14 (issue 31): a dashboard uploaded as code under the path of another user's private space", () => {
  it('plans exactly like a free path, creates the developer’s own spaces and never reveals or touches the hidden one', async () => {
    const hidden = await projectWithHiddenX();
    const upload = (slug: string, body: Record<string, unknown>) =>
      call(baseUrl, 'POST', `/api/v1/projects/${hidden.projectUuid}/dashboards/${slug}/code`, {
        token: developer.token,
        body: { ...DASHBOARD_FILE, ...body },
      });

    const onHidden = await upload('planned-board', { spaceSlug: 'x.reports', dryRun: true });
    const onFree = await upload('planned-board', { spaceSlug: 'free.reports', dryRun: true });
    expect(withRoot(onHidden, 'x')).toEqual(withRoot(onFree, 'free'));
    expect(onHidden.status).toBe(200);
    expect(
      onHidden.body.results.spaces.map((change: { action: string; data: { path: string } }) => [change.action, change.data.path]),
    ).toEqual([
      ['create', 'x'],
      ['create', 'x.reports'],
    ]);

    const real = await upload('real-board', { spaceSlug: 'x.reports' });
    expect(real.status).toBe(200);
    expectNothingOf(hidden, [onHidden, onFree, real]);
    const dashboardUuid = real.body.results.dashboards[0].data.uuid as string;
    const dashboard = await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboardUuid}`, { token: developer.token });
    expect(dashboard.status).toBe(200);
    const spaceUuid = dashboard.body.results.spaceUuid as string;
    const spaces = await developerSpaces(hidden.projectUuid);
    const own = spaces.get(spaceUuid);
    expect(own?.path).toMatch(/^x_\d+\.reports$/);
    expect(own?.parentSpaceUuid).not.toBe(hidden.space.uuid);
    expect(real.body.results.spaces.map((change: { data: { uuid: string } }) => change.data.uuid)).toEqual([
      own?.parentSpaceUuid,
      spaceUuid,
    ]);
    await expectUntouched(hidden);
  });
});
