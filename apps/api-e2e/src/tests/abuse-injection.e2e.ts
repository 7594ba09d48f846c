import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Client } from 'pg';

import { bodyOperations, fillPath, type OpenApiDocument, resolve, type Schema } from '../support/abuse-corpus';
import { call } from '../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { ROOT, waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { ORDERS_BY_STATUS, validBody } from '../support/valid-bodies';

const shared = sharedQuarry();
const { baseUrl, adminToken } = shared;
const document = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8')) as OpenApiDocument;

const PAYLOADS = [
  "'; DROP TABLE jaffle.orders; --",
  '"; DROP TABLE personal_access_tokens; --',
  "x' OR '1'='1",
  "%' UNION SELECT current_user --",
  "\\'); DELETE FROM jaffle.customers; /*",
];

async function query<T>(connectionString: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Row counts of the warehouse's jaffle tables and the metadata database's tables. */
async function snapshot(): Promise<{ warehouse: Record<string, number>; metadataTables: string[]; tokens: number }> {
  const tables = await query<{ table_name: string }>(
    'postgres://postgres@127.0.0.1:5432/postgres',
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'jaffle' ORDER BY 1",
  );
  const warehouse: Record<string, number> = {};
  for (const { table_name } of tables) {
    warehouse[table_name] = Number(
      (await query<{ n: string }>('postgres://postgres@127.0.0.1:5432/postgres', `SELECT COUNT(*) AS n FROM jaffle."${table_name}"`))[0]?.n,
    );
  }
  const metadataUrl = shared.env['DATABASE_URL'] as string;
  const metadataTables = (
    await query<{ table_name: string }>(
      metadataUrl,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    )
  ).map((row) => row.table_name);
  const tokens = Number((await query<{ n: string }>(metadataUrl, 'SELECT COUNT(*) AS n FROM personal_access_tokens'))[0]?.n);
  return { warehouse, metadataTables, tokens };
}

/** Every string input of a body (string properties, arrays of strings, one level into nested DTOs), as paths. */
function stringInputs(schema: Schema, prefix: string[] = [], depth = 0): Array<{ path: string[]; array: boolean }> {
  return Object.entries(schema.properties ?? {}).flatMap(([name, raw]) => {
    const property = resolve(document, raw);
    const path = [...prefix, name];
    if (property.type === 'string' && !property.enum && !property.format) return [{ path, array: false }];
    if (property.type === 'array' && property.items && resolve(document, property.items).type === 'string') return [{ path, array: true }];
    if (property.properties && depth === 0) return stringInputs(property, path, depth + 1);
    return [];
  });
}

function withValue(base: Record<string, unknown>, [head, ...rest]: string[], value: unknown): Record<string, unknown> {
  if (!head) return base;
  if (rest.length === 0) return { ...base, [head]: value };
  return { ...base, [head]: withValue((base[head] ?? {}) as Record<string, unknown>, rest, value) };
}

describe('SQL injection through string inputs', () => {
  let projectUuid: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
    before = await snapshot();
  }, 60_000);

  // Creating projects compiles them on the worker: its string inputs are checked by hand below.
  const operations = bodyOperations(document).filter((operation) => operation.operationId !== 'Projects_create');

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s: every string input, never a 5xx',
    async (_, operation) => {
      // A member's uuid nobody has: granting access to it changes nothing.
      const base = validBody(document, operation, { projectUuid, userUuid: randomUUID() });
      const path = fillPath(operation.path, { projectUuid, exploreId: 'orders' });
      const failures: string[] = [];
      for (const input of stringInputs(operation.schema)) {
        for (const payload of PAYLOADS) {
          const response = await call(baseUrl, operation.method, path, {
            token: adminToken,
            body: withValue(base, input.path, input.array ? [payload] : payload),
          });
          if (response.status >= 500)
            failures.push(`${input.path.join('.')} = ${payload}: ${response.status} ${JSON.stringify(response.body)}`);
          // A v2 query runs off the request: it must end ready or in error, not hang or crash.
          const queryUuid = response.status === 200 ? (response.body.results?.queryUuid as string | undefined) : undefined;
          if (queryUuid) {
            const outcome = await waitFor(`v2 query ${queryUuid}`, async () => {
              const page = await call(baseUrl, 'GET', `/api/v2/projects/${projectUuid}/query/${queryUuid}`, { token: adminToken });
              return page.body.results?.status === 'pending' ? undefined : page;
            });
            if (outcome.status >= 500 || !['ready', 'error'].includes(outcome.body.results?.status))
              failures.push(
                `${input.path.join('.')} = ${payload}: v2 query ended ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`,
              );
          }
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('filter values of every string operator are only values', async () => {
    const run = (operator: string, values: unknown[], fieldId = 'orders_status') =>
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
        token: adminToken,
        body: {
          ...ORDERS_BY_STATUS,
          invalidateCache: true,
          filters: { dimensions: { id: 'root', and: [{ id: 'rule', target: { fieldId }, operator, values }] } },
        },
      });
    for (const payload of PAYLOADS) {
      for (const operator of ['equals', 'startsWith', 'endsWith', 'include']) {
        const response = await run(operator, [payload]);
        expect([operator, payload, response.status, response.body.results?.rows]).toEqual([operator, payload, 200, []]);
      }
      // Negated, nothing matches the payload: every status comes back.
      expect((await run('notEquals', [payload])).body.results.rows).toHaveLength(5);
      expect((await run('doesNotInclude', [payload])).body.results.rows).toHaveLength(5);
      // As a field id or a number, it is a 400 naming it.
      const asField = await run('equals', ['x'], payload);
      expect([asField.status, JSON.stringify(asField.body.error)]).toEqual([400, expect.stringContaining(payload.slice(0, 8))]);
      expect((await run('greaterThan', [payload], 'orders_amount')).status).toBe(400);
    }
  }, 120_000);

  it('names (project, palette, user, token) are stored verbatim', async () => {
    const payload = PAYLOADS[0] as string;
    const token = await call(baseUrl, 'POST', '/api/v1/user/me/personal-access-tokens', {
      token: adminToken,
      body: { description: payload },
    });
    expect(token.body.results.description).toBe(payload);
    const palette = await call(baseUrl, 'POST', '/api/v1/org/color-palettes', {
      token: adminToken,
      body: { name: `${payload} ${Date.now()}`, colors: Array.from({ length: 20 }, () => '#654321') },
    });
    expect(palette.body.results.name).toMatch(/^'; DROP TABLE jaffle\.orders; -- \d+$/);
    const user = await call(baseUrl, 'POST', '/api/v1/org/users', {
      token: adminToken,
      body: { email: `injection-${Date.now()}@e2e.test`, role: 'viewer', firstName: payload, lastName: PAYLOADS[1] },
    });
    expect(
      (await call(baseUrl, 'GET', `/api/v1/org/users/${user.body.results.userUuid}`, { token: adminToken })).body.results,
    ).toMatchObject({ firstName: payload, lastName: PAYLOADS[1] });
    const project = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: payload,
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: { ...JAFFLE_WAREHOUSES.postgres, schema: PAYLOADS[2] },
        transformConnection: { type: 'none' },
      },
    });
    expect(project.status).toBeLessThan(500);
    if (project.status === 200)
      expect(
        (await call(baseUrl, 'GET', `/api/v1/projects/${project.body.results.project.projectUuid}`, { token: adminToken })).body.results
          .name,
      ).toBe(payload);
  });

  it('left the warehouse tables and the metadata database intact', async () => {
    const after = await snapshot();
    expect(after.warehouse).toEqual(before.warehouse);
    expect(after.metadataTables).toEqual(before.metadataTables);
    // Tokens only grew (the verbatim-name test made one); none were deleted.
    expect(after.tokens).toBeGreaterThanOrEqual(before.tokens);
    expect((await call(baseUrl, 'GET', '/api/v1/user', { token: adminToken })).status).toBe(200);
  });
});
