import { jaffleManifest } from '@quarry/testing';
import { Client } from 'pg';

import { call } from '../support/api-client';
import { waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken } = sharedQuarry();
const PG_PASSWORD = 'never-echo-this-password';

const warehouses = {
  duckdb: { type: 'duckdb', path: 'warehouses/postgres.duckdb' },
  postgres: {
    type: 'postgres',
    host: '127.0.0.1',
    port: 5432,
    user: 'postgres',
    password: PG_PASSWORD,
    dbname: 'postgres',
    schema: 'jaffle',
  },
};

async function createProject(body: Record<string, unknown>, token = adminToken) {
  return call(baseUrl, 'POST', '/api/v1/org/projects', { token, body: { type: 'DEFAULT', transformVersion: 'v1.7', ...body } });
}

async function waitForJob(jobId: string) {
  return waitFor(
    `job ${jobId}`,
    async () => {
      const status = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: adminToken });
      const state = status.body.results?.status;
      return state === 'completed' || state === 'error' ? status.body.results : undefined;
    },
    60_000,
  );
}

describe('projects from the jaffle-shop manifest', () => {
  it.each(Object.entries(warehouses))('compiles and lists the explores on %s', async (_, warehouseConnection) => {
    const created = await createProject({
      name: `Jaffle on ${warehouseConnection.type}`,
      warehouseConnection,
      transformConnection: { type: 'manifest', manifest: jaffleManifest() },
    });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain(PG_PASSWORD);
    const { project, hasContentCopy, contentCopyError } = created.body.results;
    expect({ hasContentCopy, contentCopyError }).toEqual({ hasContentCopy: false, contentCopyError: null });
    expect(project).toMatchObject({ name: `Jaffle on ${warehouseConnection.type}`, type: 'DEFAULT', transformVersion: 'v1.7' });
    expect(project.warehouseConnection).toMatchObject({ type: warehouseConnection.type });
    expect(project.warehouseConnection).not.toHaveProperty('password');
    expect(project.transformConnection).toEqual({ type: 'manifest' });

    const job = await waitForJob(project.compile.jobId);
    expect(job).toMatchObject({ status: 'completed', details: { exploreCount: 8, exploresWithErrors: [] } });

    const explores = await call(baseUrl, 'GET', `/api/v1/projects/${project.projectUuid}/explores`, { token: adminToken });
    expect(explores.status).toBe(200);
    expect(explores.body.results.map((explore: { name: string }) => explore.name)).toEqual([
      'customers',
      'events',
      'orders',
      'payments',
      'stg_customers',
      'stg_orders',
      'stg_payments',
      'users',
    ]);

    const orders = await call(baseUrl, 'GET', `/api/v1/projects/${project.projectUuid}/explores/orders`, { token: adminToken });
    expect(orders.status).toBe(200);
    const fieldsOf = (explore: { tables: Record<string, { dimensions: Record<string, unknown>; metrics: Record<string, unknown> }> }) =>
      Object.values(explore.tables).flatMap((table) => [...Object.values(table.dimensions), ...Object.values(table.metrics)]) as Array<{
        table: string;
        name: string;
        type: string;
      }>;
    const byId = new Map(fieldsOf(orders.body.results).map((field) => [`${field.table}_${field.name}`, field]));
    // Types the meta does not declare come from the warehouse catalog.
    expect(byId.get('orders_order_date')?.type).toBe('date');
    expect(byId.get('orders_order_date_month')?.type).toBe('date');
    expect(byId.get('orders_is_completed')?.type).toBe('boolean');
    expect(byId.has('customers_customer_id')).toBe(true);

    const project404 = await call(baseUrl, 'GET', `/api/v1/projects/${project.projectUuid}/explores/nope`, { token: adminToken });
    expect(project404.status).toBe(404);
  });
});

describe('project creation errors', () => {
  it('names the failing step when the warehouse cannot be reached, without echoing credentials', async () => {
    const response = await createProject({
      name: 'Unreachable',
      warehouseConnection: { ...warehouses.postgres, port: 1 },
      transformConnection: { type: 'none' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.name).toBe('WarehouseConnectionError');
    expect(response.body.error.data.step).toBe('connect');
    expect(JSON.stringify(response.body)).not.toContain(PG_PASSWORD);
  });

  it('refuses a DuckDB file outside DATA_DIR', async () => {
    const response = await createProject({
      name: 'Escape',
      warehouseConnection: { type: 'duckdb', path: '../../etc/passwd' },
      transformConnection: { type: 'none' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.error)).toMatch(/path/);
  });

  it('validates each connection variant, naming the bad field', async () => {
    const unknownKind = await createProject({ name: 'x', warehouseConnection: { type: 'oracle' }, transformConnection: { type: 'none' } });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.error.data).toHaveProperty(['warehouseConnection.type']);

    const missingHost = await createProject({
      name: 'x',
      warehouseConnection: { type: 'postgres', user: 'u', dbname: 'd', schema: 's' },
      transformConnection: { type: 'none' },
    });
    expect(missingHost.status).toBe(400);
    expect(missingHost.body.error.data).toHaveProperty(['warehouseConnection.host']);

    const badTransform = await createProject({
      name: 'x',
      warehouseConnection: warehouses.duckdb,
      transformConnection: { type: 'github', repository: 'a/b' },
    });
    expect(badTransform.status).toBe(400);
    expect(badTransform.body.error.data).toHaveProperty(['transformConnection.branch']);

    const badVersion = await createProject({
      name: 'x',
      warehouseConnection: warehouses.duckdb,
      transformConnection: { type: 'none' },
      transformVersion: 'v9',
    });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.error.data).toHaveProperty('transformVersion');
  });

  it('refuses an upstream project on a DEFAULT project', async () => {
    const response = await createProject({
      name: 'x',
      warehouseConnection: warehouses.duckdb,
      transformConnection: { type: 'none' },
      upstreamProjectUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.data).toMatchObject({ field: 'upstreamProjectUuid' });
  });

  it('reports a transform project that cannot compile as a job error and a 409 on its explores', async () => {
    const created = await createProject({
      name: 'Broken manifest',
      warehouseConnection: warehouses.duckdb,
      transformConnection: {
        type: 'manifest',
        manifest: { metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v3.json' }, nodes: {} },
      },
    });
    expect(created.status).toBe(200);
    const job = await waitForJob(created.body.results.project.compile.jobId);
    expect(job.status).toBe('error');
    expect(job.details.error).toMatch(/manifest/i);
    const explores = await call(baseUrl, 'GET', `/api/v1/projects/${created.body.results.project.projectUuid}/explores`, {
      token: adminToken,
    });
    expect(explores.status).toBe(409);
    expect(explores.body.error.message).toMatch(/compile failed/);
  });
});

describe('project permissions', () => {
  it('lets only admins create DEFAULT projects, hides projects from non-members, and lets admins delete', async () => {
    const developer = await userWithToken('developer');
    const denied = await createProject(
      { name: 'x', warehouseConnection: warehouses.duckdb, transformConnection: { type: 'none' } },
      developer.token,
    );
    expect(denied.status).toBe(403);

    const created = await createProject({
      name: 'Private to org',
      warehouseConnection: warehouses.duckdb,
      transformConnection: { type: 'none' },
    });
    const projectUuid = created.body.results.project.projectUuid;
    const member = await userWithToken('member');
    expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}`, { token: member.token })).status).toBe(404);
    const listed = await call(baseUrl, 'GET', '/api/v1/org/projects', { token: member.token });
    expect(listed.body.results).toEqual([]);

    // A direct project role makes it visible; removing it hides it again.
    const access = `/api/v1/projects/${projectUuid}/access`;
    expect((await call(baseUrl, 'POST', access, { token: member.token, body: { userUuid: member.userUuid, role: 'admin' } })).status).toBe(
      404,
    );
    const granted = await call(baseUrl, 'POST', access, { token: adminToken, body: { userUuid: member.userUuid, role: 'editor' } });
    expect(granted.status).toBe(200);
    expect(granted.body.results).toMatchObject({ userUuid: member.userUuid, role: 'editor' });
    expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}`, { token: member.token })).status).toBe(200);
    expect((await call(baseUrl, 'GET', '/api/v1/org/projects', { token: member.token })).body.results).toHaveLength(1);
    expect((await call(baseUrl, 'POST', access, { token: member.token, body: { userUuid: member.userUuid, role: 'admin' } })).status).toBe(
      403,
    );
    expect((await call(baseUrl, 'DELETE', `${access}/${member.userUuid}`, { token: adminToken })).status).toBe(200);
    expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}`, { token: member.token })).status).toBe(404);

    const viewer = await userWithToken('viewer');
    expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}`, { token: viewer.token })).status).toBe(200);
    expect((await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/refresh`, { token: viewer.token })).status).toBe(403);
    expect((await call(baseUrl, 'DELETE', `/api/v1/projects/${projectUuid}`, { token: viewer.token })).status).toBe(403);

    const refreshed = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/refresh`, { token: adminToken });
    expect(refreshed.status).toBe(200);
    expect((await waitForJob(refreshed.body.results.jobId)).status).toBe('completed');

    expect((await call(baseUrl, 'DELETE', `/api/v1/projects/${projectUuid}`, { token: adminToken })).status).toBe(200);
    expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}`, { token: adminToken })).status).toBe(404);
  });
});

describe('preview projects and stored credentials', () => {
  it('lets a developer of the upstream create a preview copying its warehouse connection', async () => {
    const upstream = await createProject({
      name: 'Upstream',
      warehouseConnection: warehouses.postgres,
      transformConnection: { type: 'manifest', manifest: jaffleManifest() },
    });
    const upstreamUuid = upstream.body.results.project.projectUuid;
    const developer = await userWithToken('viewer');
    await call(baseUrl, 'POST', `/api/v1/projects/${upstreamUuid}/access`, {
      token: adminToken,
      body: { userUuid: developer.userUuid, role: 'developer' },
    });

    const preview = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: developer.token,
      body: {
        name: 'My preview',
        type: 'PREVIEW',
        transformVersion: 'v1.8',
        upstreamProjectUuid: upstreamUuid,
        copyWarehouseConnectionFromUpstreamProject: true,
        transformConnection: { type: 'manifest', manifest: jaffleManifest() },
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.results.project).toMatchObject({
      type: 'PREVIEW',
      upstreamProjectUuid: upstreamUuid,
      warehouseConnection: { type: 'postgres', host: '127.0.0.1' },
    });
    expect(JSON.stringify(preview.body)).not.toContain(PG_PASSWORD);
    const job = await waitForJob(preview.body.results.project.compile.jobId);
    expect(job.status).toBe('completed');

    // A viewer of the upstream may not.
    const viewer = await userWithToken('viewer');
    const denied = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: viewer.token,
      body: {
        name: 'x',
        type: 'PREVIEW',
        transformVersion: 'v1.8',
        upstreamProjectUuid: upstreamUuid,
        copyWarehouseConnectionFromUpstreamProject: true,
        transformConnection: { type: 'none' },
      },
    });
    expect(denied.status).toBe(403);
  });

  it('stores connections encrypted: the password is nowhere in the metadata database', async () => {
    await createProject({ name: 'Sealed', warehouseConnection: warehouses.postgres, transformConnection: { type: 'none' } });
    const client = new Client({ connectionString: sharedQuarry().env['DATABASE_URL'] });
    await client.connect();
    try {
      const rows = await client.query(
        `SELECT warehouse_connection_sealed, transform_connection_sealed FROM projects WHERE name = 'Sealed'`,
      );
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0].warehouse_connection_sealed).toMatch(/^v1\./);
      const dump = await client.query(`SELECT row_to_json(p)::text AS row FROM projects p`);
      for (const { row } of dump.rows) expect(row).not.toContain(PG_PASSWORD);
    } finally {
      await client.end();
    }
  });
});
