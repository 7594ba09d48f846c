import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { call } from '../support/api-client';
import { ROOT } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';

const { baseUrl, adminToken } = sharedQuarry();

describe('HTTP contract', () => {
  it('serves health without a token', async () => {
    const response = await call(baseUrl, 'GET', '/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      results: { healthy: true, metadataDb: { status: 'up' }, redis: { status: 'up' } },
    });
  });

  it('answers 401 in the error envelope without a token', async () => {
    const response = await call(baseUrl, 'GET', '/api/v1/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      status: 'error',
      error: { statusCode: 401, name: 'AuthorizationError', message: expect.stringMatching(/Authorization/), data: {} },
    });
  });

  it('answers 401 for an unknown or malformed token', async () => {
    for (const authorization of ['ApiKey qry_notarealtoken', 'ApiKey', 'Basic dXNlcjpwYXNz', `ApiKey ${adminToken}x`]) {
      const response = await call(baseUrl, 'GET', '/api/v1/user', { authorization });
      expect(response.status).toBe(401);
      expect(response.body.error.name).toBe('AuthorizationError');
    }
  });

  it('accepts the token with the ApiKey or Bearer scheme, or bare', async () => {
    for (const authorization of [`ApiKey ${adminToken}`, `Bearer ${adminToken}`, adminToken]) {
      const response = await call(baseUrl, 'GET', '/api/v1/user', { authorization });
      expect(response.status).toBe(200);
      expect(response.body.results.email).toBe('admin@e2e.test');
    }
  });

  it('answers 400 naming every bad field of a body', async () => {
    const response = await call(baseUrl, 'POST', '/api/v1/user/me/personal-access-tokens', {
      token: adminToken,
      body: { description: 42, expiresAt: 'tomorrow', unexpected: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe('error');
    expect(response.body.error.name).toBe('ValidationError');
    expect(Object.keys(response.body.error.data).sort()).toEqual(['description', 'expiresAt', 'unexpected']);
    expect(response.body.error.message).toMatch(/description|expiresAt|unexpected/);
  });

  it('answers 400 for malformed JSON, not 500', async () => {
    const response = await call(baseUrl, 'POST', '/api/v1/user/me/personal-access-tokens', {
      token: adminToken,
      rawBody: '{"description":',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ name: 'ParameterError', message: expect.stringMatching(/JSON/) });
  });

  it('answers 400 naming a path parameter that is not a UUID', async () => {
    const response = await call(baseUrl, 'GET', '/api/v1/org/users/not-a-uuid', { token: adminToken });
    expect(response.status).toBe(400);
    expect(response.body.error.data).toHaveProperty('userUuid');
  });

  it('answers 404 in the envelope for unknown routes, with or without a token', async () => {
    for (const token of [undefined, adminToken]) {
      const response = await call(baseUrl, 'GET', '/api/v1/no/such/route', { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: 'error',
        error: { statusCode: 404, name: 'NotFoundError', message: 'Cannot GET /api/v1/no/such/route', data: {} },
      });
    }
  });

  it('echoes a request id, keeping a sane one given by the caller', async () => {
    const generated = await fetch(`${baseUrl}/api/v1/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(`${baseUrl}/api/v1/health`, { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
  });

  it('serves Swagger UI and the OpenAPI document without a token', async () => {
    const ui = await fetch(`${baseUrl}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger-ui/i);
    const document = await call(baseUrl, 'GET', '/api/docs-json');
    expect(document.status).toBe(200);
    expect(document.body.paths['/api/v1/user/me/personal-access-tokens'].post.security).toEqual([{ ApiKey: [] }]);
  });

  it('matches the committed openapi.json (run `npm run openapi` after changing the API)', async () => {
    const served = (await call(baseUrl, 'GET', '/api/docs-json')).body;
    const committed = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8'));
    expect(served).toEqual(committed);
  });
});
