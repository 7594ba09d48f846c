import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';

import { type ApiResponse, call } from '../../support/api-client';
import { created, TABLE_CHART_CONTENT } from '../../support/created';
import { createOrganization } from '../../support/environment';
import { JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';

/**
 * Issue 31, the content part: inherited warehouse secrets (Finding 2), content copied into a
 * preview (Finding 6), the default privacy of new spaces (Finding 9) and existence oracles
 * (Finding 8): each attack as a caller of that role would send it, against the real API.
 */
const { baseUrl, adminToken, env } = sharedQuarry();

/** Distinctive, so that finding it in captured bytes cannot be a coincidence. */
const UPSTREAM_PASSWORD = `upstream-secret-${randomUUID()}`;
const UPSTREAM_WAREHOUSE = { ...JAFFLE_WAREHOUSES.postgres, password: UPSTREAM_PASSWORD };

let counter = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now()}-${(counter += 1)}`;

let upstreamUuid: string;
/** A developer of the upstream project (organization role: member). */
let developer: Member;
/** An editor of the upstream project: sees its public spaces only. */
let editor: Member;
/** A viewer of the upstream project. */
let viewer: Member;
/** The admin of a second organization. */
let otherAdminToken: string;

const projectPath = (suffix: string) => `/api/v1/projects/${upstreamUuid}${suffix}`;

async function grant(projectUuid: string, member: Member, role: string): Promise<void> {
  const granted = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
    token: adminToken,
    body: { userUuid: member.userUuid, role },
  });
  if (granted.status !== 200) throw new Error(`grant ${role}: ${granted.status} ${JSON.stringify(granted.body)}`);
}

interface Content {
  space: { uuid: string; name: string; path: string };
  chart: { uuid: string; name: string; slug: string };
  dashboard: { uuid: string; name: string; slug: string };
  sqlChart: { savedSqlUuid: string; slug: string; name: string };
}

/** A space of the upstream project with a chart, a dashboard and a SQL chart in it, made by the organization admin. */
async function spaceWithContent(label: string, spaceBody: Record<string, unknown>): Promise<Content> {
  const space = await created<Content['space']>(
    'space',
    call(baseUrl, 'POST', projectPath('/spaces'), { token: adminToken, body: { name: unique(label), ...spaceBody } }),
  );
  const chart = await created<Content['chart']>(
    'chart',
    call(baseUrl, 'POST', projectPath('/saved'), {
      token: adminToken,
      body: { name: unique(`${label} chart`), spaceUuid: space.uuid, ...TABLE_CHART_CONTENT },
    }),
  );
  const dashboard = await created<Content['dashboard']>(
    'dashboard',
    call(baseUrl, 'POST', projectPath('/dashboards'), {
      token: adminToken,
      body: { name: unique(`${label} dashboard`), spaceUuid: space.uuid, tiles: [], tabs: [] },
    }),
  );
  const sqlName = unique(`${label} sql`);
  const sql = await created<{ savedSqlUuid: string; slug: string }>(
    'sql chart',
    call(baseUrl, 'POST', projectPath('/sqlRunner/saved'), {
      token: adminToken,
      body: { name: sqlName, sql: 'select 1 as one', limit: 10, config: { type: 'table' }, spaceUuid: space.uuid },
    }),
  );
  return { space, chart, dashboard, sqlChart: { ...sql, name: sqlName } };
}

/** A preview of the upstream project, created by `token` with `body` on top of the defaults. */
function createPreview(token: string, body: Record<string, unknown>): Promise<ApiResponse> {
  return call(baseUrl, 'POST', '/api/v1/org/projects', {
    token,
    body: {
      name: unique('Preview'),
      type: 'PREVIEW',
      transformVersion: 'v1.7',
      upstreamProjectUuid: upstreamUuid,
      transformConnection: { type: 'none' },
      ...body,
    },
  });
}

interface FakePostgres {
  port: number;
  /** Every byte clients sent, as latin1 text. */
  received(): string;
  connections(): number;
  close(): Promise<void>;
}

/**
 * A listener that speaks just enough of the PostgreSQL protocol to be sent a password: it
 * refuses TLS and GSS encryption, asks for a cleartext password after the startup message,
 * records everything and then fails the login. What an attacker's host would do.
 */
async function fakePostgres(): Promise<FakePostgres> {
  let received = Buffer.alloc(0);
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code === 80877103 || code === 80877104) {
            socket.write('N'); // SSLRequest / GSSENCRequest: no encryption here
            continue;
          }
          started = true;
          const askPassword = Buffer.alloc(9);
          askPassword.write('R', 0);
          askPassword.writeInt32BE(8, 1);
          askPassword.writeInt32BE(3, 5); // AuthenticationCleartextPassword
          socket.write(askPassword);
          continue;
        }
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) return;
        pending = pending.subarray(length + 1);
        const fields = Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed\0\0', 'latin1');
        const failure = Buffer.alloc(5);
        failure.write('E', 0);
        failure.writeInt32BE(fields.length + 4, 1);
        socket.end(Buffer.concat([failure, fields]));
        return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake PostgreSQL has no port');
  return {
    port: address.port,
    received: () => received.toString('latin1'),
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  const upstream = await created<{ project: { projectUuid: string } }>(
    'upstream project',
    call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('Upstream'),
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: UPSTREAM_WAREHOUSE,
        transformConnection: { type: 'none' },
      },
    }),
  );
  upstreamUuid = upstream.project.projectUuid;
  [developer, editor, viewer] = [await userWithToken('member'), await userWithToken('member'), await userWithToken('member')];
  await grant(upstreamUuid, developer, 'developer');
  await grant(upstreamUuid, editor, 'editor');
  await grant(upstreamUuid, viewer, 'viewer');
  otherAdminToken = (await createOrganization(env, unique('Other organization'), `other-admin-${process.pid}-${Date.now()}@e2e.test`))
    .token;
});

describe("Finding 2: a preview cannot send the upstream project's stored warehouse password to another host, port, database or user", () => {
  let fake: FakePostgres;
  beforeEach(async () => {
    fake = await fakePostgres();
  });
  afterEach(async () => {
    await fake.close();
  });

  const inherited = () => ({ type: 'postgres', host: '127.0.0.1', port: 5432, user: 'postgres', dbname: 'postgres', schema: 'jaffle' });

  it("refuses a preview that keeps the upstream's password but points at the caller's listener (another port), and the password never reaches it", async () => {
    const response = await createPreview(developer.token, {
      copyWarehouseConnectionFromUpstreamProject: true,
      copyContent: false,
      warehouseConnection: { ...inherited(), port: fake.port },
    });
    expect(fake.received()).not.toContain(UPSTREAM_PASSWORD);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.data)).toEqual(['warehouseConnection.password']);
    expect(response.body.error.message).toContain('warehouseConnection.port');
    expect(JSON.stringify(response.body)).not.toContain(UPSTREAM_PASSWORD);
  });

  it.each([
    ['host', { host: 'localhost' }],
    ['dbname', { dbname: 'template1' }],
    ['user', { user: 'quarry_finding_2' }],
    ['sslmode', { sslmode: 'disable' }],
    ['role', { role: 'pg_read_all_data' }],
  ])('refuses a change of %s without the caller bringing their own credentials', async (field, change) => {
    const response = await createPreview(developer.token, {
      copyWarehouseConnectionFromUpstreamProject: true,
      copyContent: false,
      warehouseConnection: { ...inherited(), ...change },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.data)).toEqual(['warehouseConnection.password']);
    expect(response.body.error.message).toContain(`warehouseConnection.${field}`);
  });

  it('keeps the inherited password when only what is read changes (another schema)', async () => {
    const response = await createPreview(developer.token, {
      copyWarehouseConnectionFromUpstreamProject: true,
      copyContent: false,
      warehouseConnection: { ...inherited(), schema: 'public' },
    });
    expect(response.status).toBe(200);
    expect(response.body.results.project.warehouseConnection).toMatchObject({
      type: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      schema: 'public',
    });
    expect(JSON.stringify(response.body)).not.toContain(UPSTREAM_PASSWORD);
  });

  it('lets a caller who brings their own credentials point a preview elsewhere: only their password reaches that host', async () => {
    const own = `own-password-${randomUUID()}`;
    const response = await createPreview(developer.token, {
      copyWarehouseConnectionFromUpstreamProject: true,
      copyContent: false,
      warehouseConnection: { ...inherited(), port: fake.port, user: 'postgres', password: own },
    });
    // The listener fails the login: the connection test answers 400, after the password was sent.
    expect(response.status).toBe(400);
    expect(fake.connections()).toBeGreaterThan(0);
    expect(fake.received()).toContain(own);
    expect(fake.received()).not.toContain(UPSTREAM_PASSWORD);
  });
});

describe("Finding 6: a preview's copied content holds only what its creator may view upstream", () => {
  it('does not copy a private space the developer is not a member of, nor its charts, dashboards and SQL charts', async () => {
    const hidden = await spaceWithContent('Finding 6 private', { isPrivate: true });
    const shared = await spaceWithContent('Finding 6 shared', {
      isPrivate: true,
      access: [{ userUuid: developer.userUuid, role: 'viewer' }],
    });
    const open = await spaceWithContent('Finding 6 public', { isPrivate: false });
    // A space with its own rules, shared with the developer, under the private space they cannot see.
    const nested = await created<Content['space']>(
      'nested space',
      call(baseUrl, 'POST', projectPath('/spaces'), {
        token: adminToken,
        body: {
          name: unique('Finding 6 nested'),
          parentSpaceUuid: hidden.space.uuid,
          inheritParentPermissions: false,
          isPrivate: true,
          access: [{ userUuid: developer.userUuid, role: 'viewer' }],
        },
      }),
    );

    const preview = await createPreview(developer.token, { copyWarehouseConnectionFromUpstreamProject: true, copyContent: true });
    expect(preview.status).toBe(200);
    expect(preview.body.results).toMatchObject({ hasContentCopy: true, contentCopyError: null });
    const previewUuid = preview.body.results.project.projectUuid as string;
    const inPreview = (suffix: string) => `/api/v1/projects/${previewUuid}${suffix}`;

    // The developer administers the preview: whatever it holds, they can read.
    for (const token of [developer.token, adminToken]) {
      const spaces = (await call(baseUrl, 'GET', inPreview('/spaces'), { token })).body.results as Array<{ name: string }>;
      const charts = (await call(baseUrl, 'GET', inPreview('/charts'), { token })).body.results as Array<{ name: string }>;
      const dashboards = (await call(baseUrl, 'GET', inPreview('/dashboards'), { token })).body.results as Array<{ name: string }>;
      const names = [...spaces, ...charts, ...dashboards].map((entry) => entry.name);
      expect(names).not.toContain(hidden.space.name);
      expect(names).not.toContain(hidden.chart.name);
      expect(names).not.toContain(hidden.dashboard.name);
      expect(names).not.toContain(nested.name);
      expect(names).toEqual(
        expect.arrayContaining([
          shared.space.name,
          shared.chart.name,
          shared.dashboard.name,
          open.space.name,
          open.chart.name,
          open.dashboard.name,
        ]),
      );
      expect((await call(baseUrl, 'GET', inPreview(`/sqlRunner/saved/slug/${hidden.sqlChart.slug}`), { token })).status).toBe(404);
      expect((await call(baseUrl, 'GET', inPreview(`/sqlRunner/saved/slug/${open.sqlChart.slug}`), { token })).status).toBe(200);
    }
  });
});

describe('Finding 9: a new space is private unless the caller says otherwise (as the reference defaults isPrivate)', () => {
  it('creates a root space without isPrivate as private: project members without a share cannot see it', async () => {
    const space = await created<{ uuid: string; isPrivate: boolean }>(
      'space',
      call(baseUrl, 'POST', projectPath('/spaces'), { token: adminToken, body: { name: unique('Finding 9') } }),
    );
    expect(space.isPrivate).toBe(true);
    expect((await call(baseUrl, 'GET', projectPath(`/spaces/${space.uuid}`), { token: viewer.token })).status).toBe(404);
    expect((await call(baseUrl, 'GET', projectPath(`/spaces/${space.uuid}`), { token: editor.token })).status).toBe(404);
  });

  it('creates a nested space with its own rules as private too; an inheriting one follows its parent', async () => {
    const parent = await created<{ uuid: string }>(
      'space',
      call(baseUrl, 'POST', projectPath('/spaces'), { token: adminToken, body: { name: unique('Finding 9 public'), isPrivate: false } }),
    );
    const own = await created<{ uuid: string; isPrivate: boolean }>(
      'space',
      call(baseUrl, 'POST', projectPath('/spaces'), {
        token: adminToken,
        body: { name: 'Own rules', parentSpaceUuid: parent.uuid, inheritParentPermissions: false },
      }),
    );
    expect(own.isPrivate).toBe(true);
    expect((await call(baseUrl, 'GET', projectPath(`/spaces/${own.uuid}`), { token: viewer.token })).status).toBe(404);
    const inheriting = await created<{ uuid: string; isPrivate: boolean }>(
      'space',
      call(baseUrl, 'POST', projectPath('/spaces'), { token: adminToken, body: { name: 'Inherits', parentSpaceUuid: parent.uuid } }),
    );
    expect(inheriting.isPrivate).toBe(false);
    expect((await call(baseUrl, 'GET', projectPath(`/spaces/${inheriting.uuid}`), { token: viewer.token })).status).toBe(200);
  });
});

describe("Finding 8: whether an email belongs to another organization's user cannot be told from a free one", () => {
  it('adds a user whose email another organization uses exactly as it adds one with a free email', async () => {
    const taken = await userWithToken('viewer'); // a user of the shared organization
    const free = `free-${process.pid}-${Date.now()}@e2e.test`;
    const answers = [];
    for (const email of [taken.email, free]) {
      const response = await call(baseUrl, 'POST', '/api/v1/org/users', { token: otherAdminToken, body: { email, role: 'viewer' } });
      answers.push({
        status: response.status,
        keys: Object.keys(response.body.results ?? response.body.error ?? {}).sort(),
        email: response.body.results?.email,
      });
    }
    expect(answers).toEqual([
      { status: 200, keys: expect.any(Array), email: taken.email },
      { status: 200, keys: expect.any(Array), email: free },
    ]);
    expect(answers[0]?.keys).toEqual(answers[1]?.keys);
    // The first organization's user is untouched and still theirs alone.
    const members = (await call(baseUrl, 'GET', '/api/v1/org/users', { token: adminToken })).body.results as Array<{
      userUuid: string;
      email: string;
    }>;
    expect(members.filter((member) => member.email === taken.email).map((member) => member.userUuid)).toEqual([taken.userUuid]);
    // Inside one organization an email is still taken once.
    const twice = await call(baseUrl, 'POST', '/api/v1/org/users', {
      token: otherAdminToken,
      body: { email: free.toUpperCase(), role: 'viewer' },
    });
    expect(twice.status).toBe(409);
  });
});

/**
 * One probe: the same request about content the caller cannot see and about content that does
 * not exist must get the same answer (status, error name, message, data), the id aside.
 */
interface Probe {
  name: string;
  method: string;
  path: (id: string) => string;
  body?: (id: string) => unknown;
}

describe('Finding 8: content the caller cannot see answers exactly like content that does not exist (no 403-vs-404 oracle)', () => {
  let hidden: Content;
  let visible: Content;
  let otherProjectPinnedList: string;

  beforeAll(async () => {
    hidden = await spaceWithContent('Finding 8 hidden', { isPrivate: true });
    visible = await spaceWithContent('Finding 8 visible', { isPrivate: false });
    // A project the editor has no role in, in the same organization.
    const other = await created<{ project: { pinnedListUuid: string } }>(
      'other project',
      call(baseUrl, 'POST', '/api/v1/org/projects', {
        token: adminToken,
        body: {
          name: unique('Unseen'),
          type: 'DEFAULT',
          transformVersion: 'v1.7',
          warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
          transformConnection: { type: 'none' },
        },
      }),
    );
    otherProjectPinnedList = other.project.pinnedListUuid;
  });

  const chartProbes: Probe[] = [
    { name: 'GET chart', method: 'GET', path: (id) => `/api/v1/saved/${id}` },
    { name: 'PATCH chart', method: 'PATCH', path: (id) => `/api/v1/saved/${id}`, body: () => ({ name: 'renamed' }) },
    { name: 'POST chart version', method: 'POST', path: (id) => `/api/v1/saved/${id}/version`, body: () => TABLE_CHART_CONTENT },
    { name: 'GET chart history', method: 'GET', path: (id) => `/api/v1/saved/${id}/history` },
    { name: 'GET chart version', method: 'GET', path: (id) => `/api/v1/saved/${id}/version/${randomUUID()}` },
    { name: 'PATCH chart pinning', method: 'PATCH', path: (id) => `/api/v1/saved/${id}/pinning` },
    { name: 'GET chart promoteDiff', method: 'GET', path: (id) => `/api/v1/saved/${id}/promoteDiff` },
    { name: 'POST chart promote', method: 'POST', path: (id) => `/api/v1/saved/${id}/promote` },
    { name: 'DELETE chart', method: 'DELETE', path: (id) => `/api/v1/saved/${id}` },
  ];
  const dashboardProbes: Probe[] = [
    { name: 'GET dashboard', method: 'GET', path: (id) => `/api/v1/dashboards/${id}` },
    { name: 'PATCH dashboard', method: 'PATCH', path: (id) => `/api/v1/dashboards/${id}`, body: () => ({ name: 'renamed' }) },
    { name: 'PATCH dashboard pinning', method: 'PATCH', path: (id) => `/api/v1/dashboards/${id}/pinning` },
    { name: 'GET dashboard promoteDiff', method: 'GET', path: (id) => `/api/v1/dashboards/${id}/promoteDiff` },
    { name: 'POST dashboard promote', method: 'POST', path: (id) => `/api/v1/dashboards/${id}/promote` },
    {
      name: 'POST chart into the dashboard',
      method: 'POST',
      path: () => projectPath('/saved'),
      body: (id) => ({ name: 'x', dashboardUuid: id, ...TABLE_CHART_CONTENT }),
    },
    { name: 'DELETE dashboard', method: 'DELETE', path: (id) => `/api/v1/dashboards/${id}` },
  ];
  const spaceProbes: Probe[] = [
    { name: 'GET space', method: 'GET', path: (id) => projectPath(`/spaces/${id}`) },
    { name: 'PATCH space', method: 'PATCH', path: (id) => projectPath(`/spaces/${id}`), body: () => ({ name: 'renamed' }) },
    { name: 'PATCH space pinning', method: 'PATCH', path: (id) => projectPath(`/spaces/${id}/pinning`) },
    {
      name: 'POST space share',
      method: 'POST',
      path: (id) => projectPath(`/spaces/${id}/share`),
      body: () => ({ userUuid: randomUUID(), spaceRole: 'viewer' }),
    },
    { name: 'DELETE space share', method: 'DELETE', path: (id) => projectPath(`/spaces/${id}/share/${randomUUID()}`) },
    {
      name: 'POST space group share',
      method: 'POST',
      path: (id) => projectPath(`/spaces/${id}/group/share`),
      body: () => ({ groupUuid: randomUUID(), spaceRole: 'viewer' }),
    },
    { name: 'DELETE space group share', method: 'DELETE', path: (id) => projectPath(`/spaces/${id}/group/share/${randomUUID()}`) },
    { name: 'POST nested space', method: 'POST', path: () => projectPath('/spaces'), body: (id) => ({ name: 'x', parentSpaceUuid: id }) },
    {
      name: 'POST chart in space',
      method: 'POST',
      path: () => projectPath('/saved'),
      body: (id) => ({ name: 'x', spaceUuid: id, ...TABLE_CHART_CONTENT }),
    },
    {
      name: 'POST dashboard in space',
      method: 'POST',
      path: () => projectPath('/dashboards'),
      body: (id) => ({ name: 'x', spaceUuid: id, tiles: [], tabs: [] }),
    },
    {
      name: 'POST SQL chart in space',
      method: 'POST',
      path: () => projectPath('/sqlRunner/saved'),
      body: (id) => ({ name: 'x', sql: 'select 1', limit: 1, config: { type: 'table' }, spaceUuid: id }),
    },
    { name: 'DELETE space', method: 'DELETE', path: (id) => projectPath(`/spaces/${id}`) },
  ];
  const sqlChartProbes: Probe[] = [
    { name: 'GET SQL chart', method: 'GET', path: (id) => projectPath(`/sqlRunner/saved/${id}`) },
    {
      name: 'PATCH SQL chart',
      method: 'PATCH',
      path: (id) => projectPath(`/sqlRunner/saved/${id}`),
      body: () => ({ unversionedData: { name: 'renamed' } }),
    },
    { name: 'DELETE SQL chart', method: 'DELETE', path: (id) => projectPath(`/sqlRunner/saved/${id}`) },
  ];

  /** The answer with the probed id replaced, so that answers about two ids compare. */
  async function answer(probe: Probe, id: string, token: string) {
    const response = await call(baseUrl, probe.method, probe.path(id), { token, body: probe.body?.(id) });
    return { status: response.status, body: JSON.stringify(response.body).split(id).join('<id>') };
  }

  async function expectNoOracle(probes: Probe[], hiddenId: () => string) {
    for (const [caller, token] of [
      ['an editor of the project', editor.token],
      ['the admin of another organization', otherAdminToken],
    ] as const) {
      for (const probe of probes) {
        const missing = await answer(probe, randomUUID(), token);
        const forHidden = await answer(probe, hiddenId(), token);
        expect({ caller, probe: probe.name, ...forHidden }).toEqual({ caller, probe: probe.name, ...missing });
        expect({ caller, probe: probe.name, status: forHidden.status }).toEqual({ caller, probe: probe.name, status: 404 });
      }
    }
  }

  it('saved charts, by uuid', async () => expectNoOracle(chartProbes, () => hidden.chart.uuid));
  it('dashboards, by uuid', async () => expectNoOracle(dashboardProbes, () => hidden.dashboard.uuid));
  it('spaces, by uuid', async () => expectNoOracle(spaceProbes, () => hidden.space.uuid));
  it('SQL charts, by uuid', async () => expectNoOracle(sqlChartProbes, () => hidden.sqlChart.savedSqlUuid));

  it('SQL charts, by slug', async () => {
    for (const token of [editor.token, otherAdminToken]) {
      const missing = await answer(
        { name: 'slug', method: 'GET', path: (id) => projectPath(`/sqlRunner/saved/slug/${id}`) },
        `no-such-chart-${Date.now()}`,
        token,
      );
      const forHidden = await answer(
        { name: 'slug', method: 'GET', path: (id) => projectPath(`/sqlRunner/saved/slug/${id}`) },
        hidden.sqlChart.slug,
        token,
      );
      expect(forHidden).toEqual(missing);
      expect(forHidden.status).toBe(404);
    }
  });

  it('moving visible content into a hidden space, or showing a hidden chart on a dashboard, answers as for a missing one', async () => {
    const probes: Probe[] = [
      { name: 'move chart', method: 'PATCH', path: () => `/api/v1/saved/${visible.chart.uuid}`, body: (id) => ({ spaceUuid: id }) },
      {
        name: 'move dashboard',
        method: 'PATCH',
        path: () => `/api/v1/dashboards/${visible.dashboard.uuid}`,
        body: (id) => ({ spaceUuid: id }),
      },
      {
        name: 'move SQL chart',
        method: 'PATCH',
        path: () => projectPath(`/sqlRunner/saved/${visible.sqlChart.savedSqlUuid}`),
        body: (id) => ({ unversionedData: { spaceUuid: id } }),
      },
    ];
    for (const probe of probes) {
      const missing = await answer(probe, randomUUID(), editor.token);
      const forHidden = await answer(probe, hidden.space.uuid, editor.token);
      expect({ probe: probe.name, ...forHidden }).toEqual({ probe: probe.name, ...missing });
    }
    const tile = {
      name: 'chart tile',
      method: 'PATCH',
      path: () => `/api/v1/dashboards/${visible.dashboard.uuid}`,
      body: (id: string) => ({ tiles: [{ type: 'saved_chart', x: 0, y: 0, w: 6, h: 4, properties: { savedChartUuid: id } }] }),
    };
    expect(await answer(tile, hidden.chart.uuid, editor.token)).toEqual(await answer(tile, randomUUID(), editor.token));
  });

  it('a pinned list of a project the caller cannot see answers like a missing one', async () => {
    const probe: Probe = {
      name: 'reorder pinned items',
      method: 'PATCH',
      path: (id) => projectPath(`/pinned-lists/${id}/items/order`),
      body: () => [{ type: 'chart', data: { uuid: visible.chart.uuid, pinnedListOrder: 0 } }],
    };
    const missing = await answer(probe, randomUUID(), editor.token);
    const forOther = await answer(probe, otherProjectPinnedList, editor.token);
    expect(forOther).toEqual(missing);
    expect(forOther.status).toBe(404);
  });

  it('charts and dashboards as code: a slug held by hidden content is not revealed by the upload answer', async () => {
    const developerOf = developer.token;
    const chartFile = (slug: string) => ({ name: 'As code', spaceSlug: visible.space.path, ...TABLE_CHART_CONTENT, dryRun: true, slug });
    const dashboardFile = { name: 'As code', spaceSlug: visible.space.path, tiles: [], dryRun: true };
    const chartProbe: Probe = {
      name: 'upload chart',
      method: 'POST',
      path: (slug) => projectPath(`/charts/${slug}/code`),
      body: (slug) => chartFile(slug),
    };
    const dashboardProbe: Probe = {
      name: 'upload dashboard',
      method: 'POST',
      path: (slug) => projectPath(`/dashboards/${slug}/code`),
      body: () => dashboardFile,
    };
    const free = `free-slug-${Date.now()}`;
    expect(await answer(chartProbe, hidden.chart.slug, developerOf)).toEqual(await answer(chartProbe, free, developerOf));
    expect(await answer(dashboardProbe, hidden.dashboard.slug, developerOf)).toEqual(await answer(dashboardProbe, free, developerOf));

    // Uploaded for real, the file creates the developer's own chart (next free slug) and leaves the hidden one alone.
    const uploaded = await call(baseUrl, 'POST', projectPath(`/charts/${hidden.chart.slug}/code`), {
      token: developerOf,
      body: { ...chartFile(hidden.chart.slug), name: 'Overwrite attempt', dryRun: false },
    });
    expect(uploaded.status).toBe(200);
    const change = uploaded.body.results.charts[0];
    expect(change).toMatchObject({ action: 'create' });
    expect(change.data.uuid).not.toBe(hidden.chart.uuid);
    expect(change.data.slug).not.toBe(hidden.chart.slug);
    const untouched = await call(baseUrl, 'GET', `/api/v1/saved/${hidden.chart.uuid}`, { token: adminToken });
    expect(untouched.body.results).toMatchObject({ name: hidden.chart.name, slug: hidden.chart.slug });
  });
});
