import { call } from '../../support/api-client';
import { created, TABLE_CHART_CONTENT } from '../../support/created';
import { createOrganization } from '../../support/environment';
import { JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';

/**
 * Client compatibility (issue 33): requests of the reference's own API tests, answered as the
 * reference answers them: status codes, group members by PATCH, chart versions carrying name and
 * description, content by slug, and content created without a space.
 */
const { baseUrl, adminToken, env } = sharedQuarry();

let counter = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now()}-${(counter += 1)}`;

type Space = { uuid: string; name: string };

async function newProject(): Promise<string> {
  const { project } = await created<{ project: { projectUuid: string } }>(
    'project',
    call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('Reference API'),
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
        transformConnection: { type: 'none' },
      },
    }),
  );
  return project.projectUuid;
}

const grant = (projectUuid: string, member: Member, role: string) =>
  created(
    'grant',
    call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, { token: adminToken, body: { userUuid: member.userUuid, role } }),
  );
const createSpace = (projectUuid: string, body: Record<string, unknown>, token = adminToken) =>
  created<Space>('space', call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/spaces`, { token, body }));
const createChart = (projectUuid: string, body: Record<string, unknown>, token = adminToken) =>
  call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, {
    token,
    body: { name: unique('Chart'), ...TABLE_CHART_CONTENT, ...body },
  });
const createDashboard = (projectUuid: string, body: Record<string, unknown>, token = adminToken) =>
  call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/dashboards`, {
    token,
    body: { name: unique('Dashboard'), tiles: [], tabs: [], ...body },
  });

describe('status codes as the reference answers them', () => {
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    member = await userWithToken('member');
    other = await userWithToken('member');
  });

  it('creates a group with 201', async () => {
    const group = await call(baseUrl, 'POST', '/api/v1/org/groups', { token: adminToken, body: { name: unique('Reference group') } });
    expect(group.status).toBe(201);
    expect(group.body).toEqual({ status: 'ok', results: expect.objectContaining({ uuid: expect.any(String), memberUuids: [] }) });
  });

  it('adds a group member with 201, and answers 204 without a body when they are one already', async () => {
    const group = await created<{ uuid: string }>(
      'group',
      call(baseUrl, 'POST', '/api/v1/org/groups', { token: adminToken, body: { name: unique('Members') } }),
    );
    const added = await call(baseUrl, 'PUT', `/api/v1/groups/${group.uuid}/members/${member.userUuid}`, { token: adminToken });
    expect(added.status).toBe(201);
    expect(added.body.results.memberUuids).toEqual([member.userUuid]);
    const again = await call(baseUrl, 'PUT', `/api/v1/groups/${group.uuid}/members/${member.userUuid}`, { token: adminToken });
    expect(again.status).toBe(204);
    expect(again.body ?? '').toEqual('');
    expect((await call(baseUrl, 'PUT', `/api/v1/groups/${group.uuid}/members/${member.userUuid}`, { token: member.token })).status).toBe(
      403,
    );
  });

  it('creates a dashboard with 201', async () => {
    const projectUuid = await newProject();
    const space = await createSpace(projectUuid, { name: unique('Boards') });
    const dashboard = await createDashboard(projectUuid, { spaceUuid: space.uuid });
    expect(dashboard.status).toBe(201);
    expect(dashboard.body.results).toMatchObject({ spaceUuid: space.uuid, tiles: [] });
  });

  it('replaces the members of a group with PATCH members (UpdateGroupWithMembers), the name staying when left out', async () => {
    const name = unique('Patched');
    const group = await created<{ uuid: string }>(
      'group',
      call(baseUrl, 'POST', '/api/v1/org/groups', { token: adminToken, body: { name, members: [{ userUuid: member.userUuid }] } }),
    );
    const patched = await call(baseUrl, 'PATCH', `/api/v1/groups/${group.uuid}`, {
      token: adminToken,
      body: { members: [{ userUuid: other.userUuid }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.results).toMatchObject({ name, memberUuids: [other.userUuid] });
    const both = await call(baseUrl, 'PATCH', `/api/v1/groups/${group.uuid}`, {
      token: adminToken,
      body: { name: `${name} renamed`, members: [{ userUuid: member.userUuid }, { userUuid: other.userUuid }] },
    });
    expect(both.body.results.name).toBe(`${name} renamed`);
    expect([...both.body.results.memberUuids].sort()).toEqual([member.userUuid, other.userUuid].sort());
    const emptied = await call(baseUrl, 'PATCH', `/api/v1/groups/${group.uuid}`, { token: adminToken, body: { members: [] } });
    expect(emptied.body.results.memberUuids).toEqual([]);

    const stranger = await call(baseUrl, 'PATCH', `/api/v1/groups/${group.uuid}`, {
      token: adminToken,
      body: { members: [{ userUuid: '00000000-0000-4000-8000-000000000000' }] },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.data).toMatchObject({ field: 'members[0].userUuid' });
    const badShape = await call(baseUrl, 'PATCH', `/api/v1/groups/${group.uuid}`, {
      token: adminToken,
      body: { members: [{ userUuid: 'nope' }] },
    });
    expect(badShape.status).toBe(400);
    expect(Object.keys(badShape.body.error.data)).toEqual(['members.0.userUuid']);
    expect((await call(baseUrl, 'PATCH', `/api/v1/groups/${group.uuid}`, { token: member.token, body: { members: [] } })).status).toBe(403);
  });
});

describe('saved chart versions', () => {
  it('accept the name and description the reference clients send, keeping them as the reference does (a version saves content)', async () => {
    const projectUuid = await newProject();
    const space = await createSpace(projectUuid, { name: unique('Versions') });
    const chart = await created<{ uuid: string; name: string; description: string | null }>(
      'chart',
      createChart(projectUuid, { spaceUuid: space.uuid, description: 'First' }),
    );
    const metricQuery = { ...TABLE_CHART_CONTENT.metricQuery, limit: 42 };
    const version = await call(baseUrl, 'POST', `/api/v1/saved/${chart.uuid}/version`, {
      token: adminToken,
      body: { ...TABLE_CHART_CONTENT, metricQuery, name: 'Another name', description: 'Another description' },
    });
    expect(version.status).toBe(200);
    expect(version.body.results).toMatchObject({ uuid: chart.uuid, name: chart.name, description: 'First', metricQuery: { limit: 42 } });
    const history = await created<{ history: unknown[] }>(
      'history',
      call(baseUrl, 'GET', `/api/v1/saved/${chart.uuid}/history`, { token: adminToken }),
    );
    expect(history.history).toHaveLength(2);
    const tooLong = await call(baseUrl, 'POST', `/api/v1/saved/${chart.uuid}/version`, {
      token: adminToken,
      body: { ...TABLE_CHART_CONTENT, name: 'x'.repeat(300) },
    });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.error.data)).toEqual(['name']);
  });
});

describe('charts and dashboards by uuid or slug', () => {
  let projectUuid: string;
  let viewer: Member;
  let publicSpace: Space;

  beforeAll(async () => {
    projectUuid = await newProject();
    viewer = await userWithToken('member');
    await grant(projectUuid, viewer, 'viewer');
    publicSpace = await createSpace(projectUuid, { name: unique('Open'), isPrivate: false });
  });

  it('GET /saved/{slug} and /dashboards/{slug} answer the same as by uuid', async () => {
    const chart = await created<{ uuid: string; slug: string }>('chart', createChart(projectUuid, { spaceUuid: publicSpace.uuid }));
    const dashboard = await created<{ uuid: string; slug: string }>(
      'dashboard',
      createDashboard(projectUuid, { spaceUuid: publicSpace.uuid }),
    );
    const bySlug = await call(baseUrl, 'GET', `/api/v1/saved/${chart.slug}`, { token: viewer.token });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.results).toMatchObject({ uuid: chart.uuid, slug: chart.slug });
    const boardBySlug = await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboard.slug}`, { token: viewer.token });
    expect(boardBySlug.status).toBe(200);
    expect(boardBySlug.body.results).toMatchObject({ uuid: dashboard.uuid, slug: dashboard.slug });
    expect(
      (await call(baseUrl, 'GET', `/api/v1/dashboards/${dashboard.uuid.toUpperCase()}`, { token: viewer.token })).body.results.uuid,
    ).toBe(dashboard.uuid);
  });

  it('answers a slug of a hidden space, or of another organization, exactly like a missing slug', async () => {
    const secret = await createSpace(projectUuid, { name: unique('Secret'), isPrivate: true });
    const hidden = await created<{ slug: string }>(
      'chart',
      createChart(projectUuid, { spaceUuid: secret.uuid, name: unique('Hidden plan') }),
    );
    const hiddenBoard = await created<{ slug: string }>(
      'dashboard',
      createDashboard(projectUuid, { spaceUuid: secret.uuid, name: unique('Hidden board') }),
    );
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${hidden.slug}`, { token: adminToken })).status).toBe(200);
    const strip = (body: { error: { name: string; statusCode: number } }) => ({ name: body.error.name, statusCode: body.error.statusCode });
    const missing = await call(baseUrl, 'GET', '/api/v1/saved/no-such-chart-anywhere', { token: viewer.token });
    expect(missing.status).toBe(404);
    const asViewer = await call(baseUrl, 'GET', `/api/v1/saved/${hidden.slug}`, { token: viewer.token });
    expect({ status: asViewer.status, error: strip(asViewer.body) }).toEqual({ status: 404, error: strip(missing.body) });
    expect(JSON.stringify(asViewer.body)).not.toContain(secret.uuid);
    expect((await call(baseUrl, 'GET', `/api/v1/dashboards/${hiddenBoard.slug}`, { token: viewer.token })).status).toBe(404);

    const elsewhere = await createOrganization(env, unique('Slug tenant'), `slug-${process.pid}-${Date.now()}@other.test`);
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${hidden.slug}`, { token: elsewhere.token })).status).toBe(404);
    expect((await call(baseUrl, 'GET', `/api/v1/dashboards/${hiddenBoard.slug}`, { token: elsewhere.token })).status).toBe(404);
  });

  it('refuses what is neither a uuid nor a slug with a 400 naming the parameter', async () => {
    const bad = await call(baseUrl, 'GET', '/api/v1/saved/Not%20A%20Slug', { token: viewer.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.data)).toEqual(['chartUuid']);
    const badBoard = await call(baseUrl, 'GET', '/api/v1/dashboards/UPPER_case', { token: viewer.token });
    expect(badBoard.status).toBe(400);
    expect(Object.keys(badBoard.body.error.data)).toEqual(['dashboardUuid']);
  });

  it('asks for the uuid when the caller sees the slug in two projects (slugs are unique per project)', async () => {
    const name = unique('Twin');
    const first = await created<{ slug: string }>('chart', createChart(projectUuid, { spaceUuid: publicSpace.uuid, name }));
    const otherProject = await newProject();
    const otherSpace = await createSpace(otherProject, { name: unique('Twin space') });
    const second = await created<{ slug: string }>('chart', createChart(otherProject, { spaceUuid: otherSpace.uuid, name }));
    expect(second.slug).toBe(first.slug);
    const ambiguous = await call(baseUrl, 'GET', `/api/v1/saved/${first.slug}`, { token: adminToken });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.error.data.projectUuids.sort()).toEqual([projectUuid, otherProject].sort());
    // The viewer sees it in one project only: no ambiguity for them.
    expect((await call(baseUrl, 'GET', `/api/v1/saved/${first.slug}`, { token: viewer.token })).status).toBe(200);
  });
});

describe('charts and dashboards created without spaceUuid', () => {
  it("go to the caller's first writable top-level space (oldest first), never to one they cannot write", async () => {
    const projectUuid = await newProject();
    const editor = await userWithToken('member');
    await grant(projectUuid, editor, 'editor');
    // Oldest: the admin's private space (spaces are private unless told), which the editor cannot see; then public ones, one nested.
    await createSpace(projectUuid, { name: unique('Admin only'), isPrivate: true });
    const first = await createSpace(projectUuid, { name: unique('First open'), isPrivate: false });
    await createSpace(projectUuid, { name: unique('Nested'), parentSpaceUuid: first.uuid });
    await createSpace(projectUuid, { name: unique('Second open'), isPrivate: false });

    const chart = await createChart(projectUuid, {}, editor.token);
    expect(chart.status).toBe(200);
    expect(chart.body.results.spaceUuid).toBe(first.uuid);
    const dashboard = await createDashboard(projectUuid, {}, editor.token);
    expect(dashboard.status).toBe(201);
    expect(dashboard.body.results.spaceUuid).toBe(first.uuid);
  });

  it('answers a 400 naming spaceUuid when the caller can write to no space', async () => {
    const projectUuid = await newProject();
    const viewer = await userWithToken('member');
    await grant(projectUuid, viewer, 'viewer');
    await createSpace(projectUuid, { name: unique('Read only'), isPrivate: false });
    const chart = await createChart(projectUuid, {}, viewer.token);
    expect(chart.status).toBe(400);
    expect(Object.keys(chart.body.error.data)).toEqual(['spaceUuid']);
    const empty = await newProject();
    const dashboard = await createDashboard(empty, {});
    expect(dashboard.status).toBe(400);
    expect(Object.keys(dashboard.body.error.data)).toEqual(['spaceUuid']);
  });
});
