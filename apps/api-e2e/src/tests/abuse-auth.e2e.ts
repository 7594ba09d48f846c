import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { bodyOperations, fillPath, type OpenApiDocument, requiredQuery } from '../support/abuse-corpus';
import { call } from '../support/api-client';
import { createOrganization } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { ROOT, waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';
import { ORDERS_BY_STATUS, validBody } from '../support/valid-bodies';

const shared = sharedQuarry();
const { baseUrl, adminToken } = shared;
const document = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8')) as OpenApiDocument;

interface Route {
  method: string;
  path: string;
  /** Required query parameters with valid values (`?startDate=…`), or ''. */
  query: string;
}

/** Query parameter values that pass validation, by name. */
const KNOWN_QUERY = { startDate: '2018-01-01', endDate: '2018-12-31' };

/** Every operation that needs a token, from the document, so new endpoints are covered. */
const protectedRoutes: Route[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([, operation]) => (operation as { security?: unknown[] }).security?.length)
    .map(([method, operation]) => ({ method: method.toUpperCase(), path, query: requiredQuery(document, operation, KNOWN_QUERY) })),
);
const withBodies = bodyOperations(document);

/** A body that passes validation, so that what answers is the authorization, not the validator. */
function bodyFor(route: Route, ids: { projectUuid: string; userUuid: string }): unknown {
  const operation = withBodies.find((candidate) => candidate.method === route.method && candidate.path === route.path);
  return operation ? validBody(document, operation, ids) : undefined;
}

describe('authentication cannot be bypassed', () => {
  const credentials: Record<string, string | undefined> = {};

  beforeAll(async () => {
    const tokens = '/api/v1/user/me/personal-access-tokens';
    const revoked = (await call(baseUrl, 'POST', tokens, { token: adminToken, body: { description: 'to revoke' } })).body.results;
    expect((await call(baseUrl, 'DELETE', `${tokens}/${revoked.uuid}`, { token: adminToken })).status).toBe(200);
    const expiring = (
      await call(baseUrl, 'POST', tokens, {
        token: adminToken,
        body: { description: 'to expire', expiresAt: new Date(Date.now() + 1_000).toISOString() },
      })
    ).body.results;
    const removed = await userWithToken('viewer');
    expect((await call(baseUrl, 'DELETE', `/api/v1/org/users/${removed.userUuid}`, { token: adminToken })).status).toBe(200);
    await waitFor('the token to expire', async () =>
      (await call(baseUrl, 'GET', '/api/v1/user', { token: expiring.token })).status === 401 ? true : undefined,
    );
    Object.assign(credentials, {
      'no Authorization header': undefined,
      'an unknown token': 'ApiKey qry_0000000000000000000000000000000000000000',
      'an empty scheme': 'ApiKey ',
      'a token with junk appended': `ApiKey ${adminToken}' OR '1'='1`,
      'a revoked token': `ApiKey ${revoked.token}`,
      'an expired token': `ApiKey ${expiring.token}`,
      "a removed user's token": `ApiKey ${removed.token}`,
    });
  }, 60_000);

  it('covers every protected operation of the document', () => {
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(30);
  });

  it.each(protectedRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 401 to every bad credential',
    async (_, route) => {
      const path = fillPath(route.path, { exploreId: 'orders' });
      const body = bodyFor(route, {
        projectUuid: '00000000-0000-4000-8000-000000000000',
        userUuid: '00000000-0000-4000-8000-000000000000',
      });
      const answers: Record<string, number> = {};
      for (const [label, authorization] of Object.entries(credentials)) {
        const response = await call(baseUrl, route.method, path, { authorization, body });
        answers[label] = response.status;
        if (response.status === 401) expect(response.body.error.name).toBe('AuthorizationError');
      }
      expect(answers).toEqual(Object.fromEntries(Object.keys(credentials).map((label) => [label, 401])));
    },
  );
});

describe("another organization's identifiers", () => {
  let outsider: string;
  const ids: Record<string, string> = { exploreId: 'orders' };

  beforeAll(async () => {
    outsider = (await createOrganization(shared.env, 'Outsiders', `outsider-${Date.now()}@other.test`)).token;
    ids['projectUuid'] = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    const member = await userWithToken('viewer');
    ids['userUuid'] = member.userUuid;
    ids['tokenUuid'] = (
      await call(baseUrl, 'POST', '/api/v1/user/me/personal-access-tokens', { token: adminToken, body: { description: 'not yours' } })
    ).body.results.uuid;
    ids['jobId'] = (
      await call(baseUrl, 'POST', `/api/v1/projects/${ids['projectUuid']}/explores/orders/downloadCsv`, {
        token: adminToken,
        body: { ...ORDERS_BY_STATUS, columnOrder: [], showTableNames: false, onlyRaw: true },
      })
    ).body.results.jobId;
    ids['queryUuid'] = (
      await call(baseUrl, 'POST', `/api/v2/projects/${ids['projectUuid']}/query/metric-query`, {
        token: adminToken,
        body: { query: ORDERS_BY_STATUS },
      })
    ).body.results.queryUuid;
    ids['colorPaletteUuid'] = (
      await call(baseUrl, 'POST', '/api/v1/org/color-palettes', {
        token: adminToken,
        body: { name: `Not yours ${Date.now()}`, colors: Array.from({ length: 20 }, () => '#abcdef') },
      })
    ).body.results.colorPaletteUuid;
    for (const [name, value] of Object.entries(ids)) if (!value) throw new Error(`could not make ${name}`);
  }, 60_000);

  const routesOnResources = protectedRoutes.filter((route) => /\{\w+\}/.test(route.path));

  it.each(routesOnResources.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: an admin of another organization gets 403 or 404',
    async (_, route) => {
      const response = await call(baseUrl, route.method, `${fillPath(route.path, ids)}${route.query}`, {
        token: outsider,
        body: bodyFor(route, { projectUuid: ids['projectUuid'] as string, userUuid: ids['userUuid'] as string }),
      });
      expect([403, 404]).toContain(response.status);
    },
  );

  it('left everything it tried to change as it was', async () => {
    const project = await call(baseUrl, 'GET', `/api/v1/projects/${ids['projectUuid']}`, { token: adminToken });
    expect(project.status).toBe(200);
    expect((await call(baseUrl, 'GET', `/api/v1/org/users/${ids['userUuid']}`, { token: adminToken })).body.results.role).toBe('viewer');
    const tokens = (await call(baseUrl, 'GET', '/api/v1/user/me/personal-access-tokens', { token: adminToken })).body.results as Array<{
      uuid: string;
    }>;
    expect(tokens.map((token) => token.uuid)).toContain(ids['tokenUuid']);
    const palettes = (await call(baseUrl, 'GET', '/api/v1/org/color-palettes', { token: adminToken })).body.results as Array<{
      colorPaletteUuid: string;
      name: string;
    }>;
    expect(palettes.find((palette) => palette.colorPaletteUuid === ids['colorPaletteUuid'])?.name).toMatch(/^Not yours/);
    const access = (await call(baseUrl, 'GET', `/api/v1/projects/${ids['projectUuid']}/access`, { token: adminToken })).body
      .results as Array<{ userUuid: string }>;
    expect(access.map((member) => member.userUuid)).not.toContain(ids['userUuid']);
    expect(
      (await call(baseUrl, 'GET', `/api/v2/projects/${ids['projectUuid']}/query/${ids['queryUuid']}`, { token: adminToken })).status,
    ).toBe(200);
  });
});
