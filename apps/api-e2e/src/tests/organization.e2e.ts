import { call } from '../support/api-client';
import { createOrganization } from '../support/environment';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken, organizationUuid, env } = sharedQuarry();

describe('organization users and roles', () => {
  it('shows the organization to its members', async () => {
    const response = await call(baseUrl, 'GET', '/api/v1/org', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({ organizationUuid, name: 'E2E organization' });
  });

  it('lets an admin add users and refuses a duplicate email', async () => {
    const email = `dup-${Date.now()}@e2e.test`;
    const created = await call(baseUrl, 'POST', '/api/v1/org/users', {
      token: adminToken,
      body: { email, role: 'editor', firstName: 'Ed' },
    });
    expect(created.status).toBe(200);
    expect(created.body.results).toMatchObject({ email, role: 'editor', firstName: 'Ed', organizationUuid });
    const again = await call(baseUrl, 'POST', '/api/v1/org/users', {
      token: adminToken,
      body: { email: email.toUpperCase(), role: 'viewer' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.name).toBe('AlreadyExistsError');
  });

  it('rejects an unknown role, naming the field', async () => {
    const response = await call(baseUrl, 'POST', '/api/v1/org/users', { token: adminToken, body: { email: 'x@e2e.test', role: 'owner' } });
    expect(response.status).toBe(400);
    expect(response.body.error.data).toHaveProperty('role');
  });

  it('lets members read users but only admins change them', async () => {
    const viewer = await userWithToken('viewer');
    const editor = await userWithToken('editor');

    expect((await call(baseUrl, 'GET', '/api/v1/org/users', { token: viewer.token })).status).toBe(200);
    const denied = await call(baseUrl, 'POST', '/api/v1/org/users', {
      token: editor.token,
      body: { email: `no-${Date.now()}@e2e.test`, role: 'viewer' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.name).toBe('ForbiddenError');
    expect(
      (await call(baseUrl, 'PATCH', `/api/v1/org/users/${viewer.userUuid}`, { token: editor.token, body: { role: 'admin' } })).status,
    ).toBe(403);

    const promoted = await call(baseUrl, 'PATCH', `/api/v1/org/users/${viewer.userUuid}`, {
      token: adminToken,
      body: { role: 'developer' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.results.role).toBe('developer');
    expect((await call(baseUrl, 'GET', '/api/v1/user', { token: viewer.token })).body.results.role).toBe('developer');

    expect((await call(baseUrl, 'DELETE', `/api/v1/org/users/${viewer.userUuid}`, { token: adminToken })).status).toBe(200);
    expect((await call(baseUrl, 'GET', '/api/v1/user', { token: viewer.token })).status).toBe(401);
    expect((await call(baseUrl, 'GET', `/api/v1/org/users/${viewer.userUuid}`, { token: adminToken })).status).toBe(404);
  });

  it('keeps at least one admin', async () => {
    // An organization of its own: other suites add admins to the shared one.
    const { token } = await createOrganization(env, 'One admin', `only-admin-${process.pid}-${Date.now()}@e2e.test`);
    const me = await call(baseUrl, 'GET', '/api/v1/user', { token });
    const admins = (await call(baseUrl, 'GET', '/api/v1/org/users', { token })).body.results.filter(
      (user: { role: string }) => user.role === 'admin',
    );
    expect(admins).toHaveLength(1);
    const demote = await call(baseUrl, 'PATCH', `/api/v1/org/users/${me.body.results.userUuid}`, { token, body: { role: 'viewer' } });
    expect(demote.status).toBe(403);
    expect(demote.body.error.message).toMatch(/at least one admin/);
  });
});
