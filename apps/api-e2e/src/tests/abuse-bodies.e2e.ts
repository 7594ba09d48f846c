import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  abuseCases,
  bodyOperations,
  fillPath,
  type OpenApiDocument,
  queryParameterCases,
  uuidPathParameters,
} from '../support/abuse-corpus';
import { call } from '../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { ROOT } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { validBody } from '../support/valid-bodies';

const { baseUrl, adminToken } = sharedQuarry();

/**
 * Whether an error names the field: by its dotted path (`a.0.b`, or `a[0].b`); for too-deep input,
 * by the path where the depth check stopped (a prefix of it); for a rule checked on a whole
 * object (`config` must have a chart kind `type`), by the object's path and `object.field` in the message.
 */
function namesField(error: string, field: string, label: string): boolean {
  const text = error.replace(/\[(\d+)\]/g, '.$1');
  if (text.includes(field)) return true;
  const segments = field.split('.');
  if (label.startsWith('deep nesting'))
    return segments.slice(0, -1).some((_, end) => end >= 1 && text.includes(segments.slice(0, end + 1).join('.')));
  const parent = segments.slice(0, -1).join('.');
  return parent !== '' && text.includes(`"${parent}"`) && text.includes(segments.slice(-2).join('.'));
}
// The committed document (kept equal to the served one by http-contract): read at load time, so
// every operation gets a test of its own.
const document = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8')) as OpenApiDocument;

describe('malformed bodies, generated from the OpenAPI document', () => {
  let projectUuid: string;
  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
  }, 60_000);

  const operations = bodyOperations(document);
  it('covers every operation with a JSON body', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s: 4xx naming the field, never 5xx',
    async (_, operation) => {
      const base = validBody(document, operation, { projectUuid, userUuid: randomUUID() });
      const path = fillPath(operation.path, { projectUuid, exploreId: 'orders' });
      const failures: string[] = [];
      for (const abuse of abuseCases(document, operation, base)) {
        const response = await call(baseUrl, operation.method, path, { token: adminToken, rawBody: abuse.rawBody });
        const error = JSON.stringify(response.body?.error ?? response.body);
        if (response.status >= 500) failures.push(`${abuse.label}: ${response.status} ${error}`);
        // A value the schema allows may be accepted, or refused for what the generated sample around it names (an
        // additional metric on a made-up table, an email already used): either way never a 5xx.
        else if (abuse.mayBeAccepted) continue;
        else if (response.status < 400) failures.push(`${abuse.label}: accepted (${response.status})`);
        else if (abuse.field && !namesField(error, abuse.field, abuse.label))
          failures.push(`${abuse.label}: ${response.status} does not name ${abuse.field}: ${error.slice(0, 300)}`);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it.each(uuidPathParameters(document).map((route) => [`${route.method} ${route.path} (${route.parameter})`, route] as const))(
    '%s: a path parameter that is not a uuid is a 4xx naming it',
    async (_, route) => {
      const path = fillPath(route.path, { [route.parameter]: 'not-a-uuid', exploreId: 'orders' });
      const response = await call(baseUrl, route.method, path, {
        token: adminToken,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      // 400, or 404 where ids need not be uuids (job ids: 404 'Job not found', as the reference answers).
      expect([400, 404]).toContain(response.status);
      expect(JSON.stringify(response.body.error)).toContain(route.parameter);
    },
  );
});

describe('malformed query parameters, generated from the OpenAPI document', () => {
  it.each(queryParameterCases(document).map((route) => [`${route.method} ${route.path} ?${route.parameter}`, route] as const))(
    '%s: a 400 naming it for values it refuses, never a 5xx',
    async (_, route) => {
      for (const value of route.values) {
        const response = await call(
          baseUrl,
          route.method,
          `${fillPath(route.path, { exploreId: 'orders' })}?${route.parameter}=${encodeURIComponent(value)}`,
          { token: adminToken },
        );
        if (route.invalid)
          expect([value, response.status, JSON.stringify(response.body.error)]).toEqual([
            value,
            400,
            expect.stringContaining(route.parameter),
          ]);
        else expect(response.status).toBeLessThan(500);
      }
    },
  );
});

describe('malformed bodies, by hand', () => {
  const path = '/api/v1/user/me/personal-access-tokens';
  const send = (rawBody: string, contentType = 'application/json') =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${adminToken}`, 'content-type': contentType },
      body: rawBody,
    });

  it.each([
    ['truncated JSON', '{"description": "x"'],
    ['a trailing comma', '{"description": "x",}'],
    ['a hundred thousand nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['a hundred thousand nested objects in a field', `{"description": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`],
    ['an empty body', ''],
  ])('%s: a 400 in the error envelope, not a 500', async (_, rawBody) => {
    const response = await send(rawBody);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', error: { statusCode: 400 } });
  });

  it.each([
    ['a million nested arrays', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`],
    ['a million nested objects in a field', `{"description": ${'{"a":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)}}`],
  ])('%s, past HTTP_BODY_LIMIT_MB: a 413 in the error envelope, before it is parsed', async (_, rawBody) => {
    const response = await send(rawBody);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      status: 'error',
      error: { statusCode: 413, message: expect.stringContaining('HTTP_BODY_LIMIT_MB') },
    });
  });

  it('a body that is not JSON: a 400 naming the missing field', async () => {
    const response = await send('description=x', 'text/plain');
    expect(response.status).toBe(400);
    expect(JSON.stringify(((await response.json()) as { error: unknown }).error)).toContain('description');
  });
});
