import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import ts from 'typescript';

import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { ROOT } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { QuarryClient } from '../typed-client/quarry-client';

const run = promisify(execFile);
const { baseUrl, adminToken } = sharedQuarry();
const TYPED_CLIENT = join(ROOT, 'apps/api-e2e/src/typed-client');
const COMMITTED = join(ROOT, 'openapi.json');

type Document = {
  components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[]; additionalProperties?: unknown }> };
};

// The validator and the generator are ES modules, which jest's module loader cannot require: they
// run as the scripts `npm run openapi` uses, in a plain Node.
function validate(documentFile: string) {
  return run(process.execPath, [join(ROOT, 'tools/openapi/validate.mjs'), documentFile]);
}

async function generatedTypes(documentFile: string, dir: string): Promise<string> {
  const out = join(dir, 'quarry-api.ts');
  await run(process.execPath, [join(ROOT, 'tools/openapi/generate-client-types.mjs'), '--document', documentFile, '--out', out]);
  return readFileSync(out, 'utf8');
}

/** Type errors of the typed client compiled (strict) against types generated from the document. */
async function typeErrorsOfClient(document: Document): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-typed-client-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    await generatedTypes(join(dir, 'openapi.json'), dir);
    copyFileSync(join(TYPED_CLIENT, 'quarry-client.ts'), join(dir, 'quarry-client.ts'));
    const program = ts.createProgram([join(dir, 'quarry-client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function committedDocument(): Document {
  return JSON.parse(readFileSync(COMMITTED, 'utf8'));
}

describe('the OpenAPI document', () => {
  it('passes an OpenAPI validator, every $ref resolving', async () => {
    const { stdout } = await validate(COMMITTED);
    expect(stdout).toMatch(/^valid: Quarry API/);

    // The validator bites: a dangling $ref (as @Discriminated variants once were) is refused.
    const dir = mkdtempSync(join(tmpdir(), 'quarry-openapi-'));
    try {
      const dangling = committedDocument();
      delete dangling.components.schemas['PostgresConnectionDto'];
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(dangling));
      await expect(validate(join(dir, 'openapi.json'))).rejects.toMatchObject({ stderr: expect.stringContaining('PostgresConnectionDto') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('documents a 201 exactly where routes answer one (as the reference), never a phantom 201 beside the 200 they send', () => {
    const document = JSON.parse(readFileSync(COMMITTED, 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const withStatus = (status: string) =>
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => status in operation.responses)
          .map(([method]) => `${method} ${path}`),
      );
    expect(withStatus('201').sort()).toEqual(
      [
        'post /api/v1/org/groups',
        'put /api/v1/groups/{groupUuid}/members/{userUuid}',
        'post /api/v1/projects/{projectUuid}/dashboards',
        'post /api/v1/org/color-palettes',
      ].sort(),
    );
    expect(withStatus('201').filter((route) => withStatus('200').includes(route))).toEqual([]);
  });

  it('shows each error status with an example of that status, and a 400 only where a route takes input', () => {
    type Operation = {
      parameters?: unknown[];
      requestBody?: unknown;
      responses: Record<string, { content?: Record<string, { example?: { error?: { statusCode?: number } } }> }>;
    };
    const document = JSON.parse(readFileSync(COMMITTED, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ at: `${method} ${path}`, operation })),
    );
    const mismatched = operations.flatMap(({ at, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .filter(([status, response]) => Object.values(response.content ?? {})[0]?.example?.error?.statusCode !== Number(status))
        .map(([status]) => `${at} ${status}`),
    );
    expect(mismatched).toEqual([]);
    const inputless400 = operations
      .filter(({ operation }) => '400' in operation.responses && !operation.parameters?.length && !operation.requestBody)
      .map(({ at }) => at);
    expect(inputless400).toEqual([]);
    expect(Object.keys(document.paths['/api/v1/user']?.['get']?.responses ?? {})).toEqual(['200', '401', '500']);
  });

  it('has committed client types in step with it (run `npm run openapi` after changing the API)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-openapi-'));
    try {
      expect(await generatedTypes(COMMITTED, dir)).toBe(readFileSync(join(TYPED_CLIENT, 'quarry-api.ts'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('types a client that compiles with tsc, and stops compiling when the document loses a field', async () => {
    expect(await typeErrorsOfClient(committedDocument())).toEqual([]);

    const broken = committedDocument();
    const runQuery = broken.components.schemas['RunQueryDto'];
    if (!runQuery) throw new Error('RunQueryDto is not in the document');
    delete runQuery.properties['exploreName'];
    // Query bodies accept unknown properties (an index signature in the types): without it, the lost field itself is named.
    delete runQuery.additionalProperties;
    runQuery.required = runQuery.required.filter((name) => name !== 'exploreName');
    expect((await typeErrorsOfClient(broken)).join('\n')).toMatch(/exploreName/);
  });

  it('types a client that talks to the running API', async () => {
    const client = new QuarryClient(baseUrl, adminToken);
    expect((await client.me()).email).toBe('admin@e2e.test');
    const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    expect((await client.listProjects()).map((project) => project.projectUuid)).toContain(projectUuid);
    const query = {
      exploreName: 'orders',
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: {},
      sorts: [],
      limit: 10,
      tableCalculations: [],
    };
    expect((await client.runQuery(projectUuid, query)).rows).toHaveLength(5);
    await expect(client.runQuery(projectUuid, { ...query, dimensions: ['orders_nope'] })).rejects.toThrow(/400/);
  });
});
