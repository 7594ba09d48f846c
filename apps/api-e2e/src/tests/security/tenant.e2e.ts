import { linkSync, mkdirSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { organizationDataFolder } from '@quarry/domain';
import { jaffleManifest } from '@quarry/testing';

import { type ApiResponse, call } from '../../support/api-client';
import { createOrganization } from '../../support/environment';
import { JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { waitFor } from '../../support/processes';
import { sharedQuarry } from '../../support/shared-quarry';

/**
 * Tenant isolation on disk, tried as the admin of a second organization (B) against the shared
 * organization (A) of the e2e run: B may name files only inside its own organization folder of
 * DATA_DIR, and SQL it runs on a rollup reaches only its own project's rollup files.
 */
const { baseUrl, adminToken: tokenA, organizationUuid: orgA, dataDir, env } = sharedQuarry();
const realDataDir = realpathSync(dataDir);
const folderA = organizationDataFolder(dataDir, orgA);
const fileA = join(folderA, JAFFLE_WAREHOUSES.duckdb.path);

let orgB: string;
let tokenB: string;
let folderB: string;

const TINY_PROJECT = {
  'dbt_project.yml': "name: tiny\nversion: '1.0.0'\nprofile: tiny\n",
  'models/customers.yml': 'version: 2\nmodels:\n  - name: customers\n    columns:\n      - name: customer_id\n',
};

function writeProject(dir: string, files: Record<string, string> = TINY_PROJECT): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

function createProject(token: string, body: Record<string, unknown>): Promise<ApiResponse> {
  return call(baseUrl, 'POST', '/api/v1/org/projects', {
    token,
    body: { name: `Tenant ${Date.now()}`, type: 'DEFAULT', transformVersion: 'v1.7', ...body },
  });
}

/** Nothing of DATA_DIR's absolute location in a response. */
function expectNoDataDir(response: ApiResponse): void {
  const text = JSON.stringify(response.body);
  expect(text).not.toContain(dataDir);
  expect(text).not.toContain(realDataDir);
}

function expectRefused(response: ApiResponse, field: string): void {
  expect({ status: response.status, field: JSON.stringify(response.body.error?.data ?? {}) }).toEqual({
    status: 400,
    field: expect.stringContaining(field),
  });
  expectNoDataDir(response);
}

beforeAll(async () => {
  ({ organizationUuid: orgB, token: tokenB } = await createOrganization(env, 'Tenant B', `tenant-b-${Date.now()}@other.test`));
  folderB = organizationDataFolder(dataDir, orgB);
});

describe("Finding 3: another organization's DuckDB file and local transform folder can be opened", () => {
  it("refuses organization A's DuckDB file to an admin of B, by every spelling", async () => {
    mkdirSync(join(folderB, 'warehouses'), { recursive: true });
    symlinkSync(fileA, join(folderB, 'warehouses', 'linked.duckdb'));
    const spellings = [
      JAFFLE_WAREHOUSES.duckdb.path,
      `../${orgA}/${JAFFLE_WAREHOUSES.duckdb.path}`,
      `../../${JAFFLE_WAREHOUSES.duckdb.path}`,
      `organizations/${orgA}/${JAFFLE_WAREHOUSES.duckdb.path}`,
      relative(dataDir, fileA),
      fileA,
      join(dataDir, JAFFLE_WAREHOUSES.duckdb.path),
      'warehouses/linked.duckdb',
    ];
    for (const path of spellings) {
      const response = await createProject(tokenB, {
        warehouseConnection: { type: 'duckdb', path },
        transformConnection: { type: 'none' },
      });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expectRefused(response, 'path');
    }
    // A still opens its own file, and B one its operator placed in B's folder (a hard link, not a symbolic one).
    expect(
      (await createProject(tokenA, { warehouseConnection: JAFFLE_WAREHOUSES.duckdb, transformConnection: { type: 'none' } })).status,
    ).toBe(200);
    linkSync(fileA, join(folderB, 'warehouses', 'own.duckdb'));
    expect(
      (
        await createProject(tokenB, {
          warehouseConnection: { type: 'duckdb', path: 'warehouses/own.duckdb' },
          transformConnection: { type: 'none' },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses organization A's transform folder to an admin of B, by every spelling", async () => {
    const projectA = join(folderA, 'projects', 'a-private-shop');
    writeProject(projectA);
    mkdirSync(join(folderB, 'projects'), { recursive: true });
    symlinkSync(projectA, join(folderB, 'projects', 'linked-shop'));
    const spellings = [
      `../${orgA}/projects/a-private-shop`,
      `organizations/${orgA}/projects/a-private-shop`,
      relative(dataDir, projectA),
      projectA,
      'projects/linked-shop',
    ];
    for (const projectDir of spellings) {
      const response = await createProject(tokenB, {
        warehouseConnection: JAFFLE_WAREHOUSES.postgres,
        transformConnection: { type: 'transform', project_dir: projectDir },
      });
      expect({ projectDir, status: response.status }).toEqual({ projectDir, status: 400 });
      expectRefused(response, 'transformConnection.project_dir');
    }
    const own = await createProject(tokenA, {
      warehouseConnection: JAFFLE_WAREHOUSES.postgres,
      transformConnection: { type: 'transform', project_dir: 'projects/a-private-shop' },
    });
    expect(own.status).toBe(200);
  });
});

describe('Finding 8: symbolic links in a transform folder are followed', () => {
  it('refuses target/manifest.json linked to /etc/passwd with a 400 naming the file, never its content', async () => {
    const dir = join(folderB, 'projects', 'passwd-manifest');
    writeProject(dir);
    mkdirSync(join(dir, 'target'));
    symlinkSync('/etc/passwd', join(dir, 'target', 'manifest.json'));
    // Absolute: the spelling that also reached this folder before organization folders existed.
    const response = await createProject(tokenB, {
      warehouseConnection: JAFFLE_WAREHOUSES.postgres,
      transformConnection: { type: 'transform', project_dir: dir },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('target/manifest.json');
    expect(JSON.stringify(response.body)).not.toMatch(/root:|nologin|\/bin\//);
    expectRefused(response, 'transformConnection.project_dir');
  });

  it("refuses a YAML file linked to another organization's model file", async () => {
    const projectA = join(folderA, 'projects', 'a-linked-target');
    writeProject(projectA, { ...TINY_PROJECT, 'models/secret.yml': 'version: 2\nmodels:\n  - name: a_secret_model\n' });
    const dir = join(folderB, 'projects', 'yaml-link');
    writeProject(dir);
    symlinkSync(join(projectA, 'models', 'secret.yml'), join(dir, 'models', 'secret.yml'));
    const response = await createProject(tokenB, {
      warehouseConnection: JAFFLE_WAREHOUSES.postgres,
      transformConnection: { type: 'transform', project_dir: dir },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('models/secret.yml');
    expect(JSON.stringify(response.body)).not.toContain('a_secret_model');
    expectRefused(response, 'transformConnection.project_dir');
  });
});

const PRE_AGGREGATES = [
  { name: 'status_daily', dimensions: ['status'], metrics: ['total_order_amount'], time_dimension: 'order_date', granularity: 'day' },
];

function manifestWithRollup(): Record<string, unknown> {
  const manifest = jaffleManifest() as { nodes: Record<string, { meta?: Record<string, unknown> }> };
  const orders = manifest.nodes['model.jaffle_shop.orders'];
  if (!orders) throw new Error('the jaffle manifest has no orders model');
  orders.meta = { ...(orders.meta ?? {}), pre_aggregates: PRE_AGGREGATES };
  return manifest;
}

/** A PostgreSQL jaffle project of the token's organization whose rollup is built and served. */
async function projectWithBuiltRollup(token: string): Promise<string> {
  const created = await createProject(token, {
    warehouseConnection: JAFFLE_WAREHOUSES.postgres,
    transformConnection: { type: 'manifest', manifest: manifestWithRollup() },
  });
  if (created.status !== 200) throw new Error(`could not create the project: ${JSON.stringify(created.body)}`);
  const projectUuid = created.body.results.project.projectUuid as string;
  await waitFor('a ready rollup build', async () => {
    const status = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token });
    return status.body.results?.[0]?.currentBuild?.status === 'ready' ? true : undefined;
  });
  return projectUuid;
}

/** SQL text for `text` without a `/` in it (the rule that keeps divisions off PostgreSQL rollups). */
function withoutSlash(text: string): string {
  return text
    .split('/')
    .map((part) => `'${part.replaceAll("'", "''")}'`)
    .join(' || chr(47) || ');
}

describe("Finding 4: another organization's pre-aggregate rollups can be read", () => {
  let projectA: string;
  let projectB: string;
  let fileOfA: string;

  beforeAll(async () => {
    [projectA, projectB] = await Promise.all([projectWithBuiltRollup(tokenA), projectWithBuiltRollup(tokenB)]);
    const folder = join(dataDir, 'pre-aggregates', projectA, 'status_daily');
    const build = readdirSync(folder).find((name) => name.endsWith('.parquet'));
    if (!build) throw new Error(`no rollup file of A in ${folder}`);
    fileOfA = join(folder, build);
  }, 180_000);

  const fromRollup = (sql: string) =>
    call(baseUrl, 'POST', `/api/v1/projects/${projectB}/explores/orders/runQuery`, {
      token: tokenB,
      body: {
        exploreName: 'orders',
        invalidateCache: true,
        dimensions: ['orders_status', 'orders_order_date_month'],
        metrics: ['orders_total_order_amount'],
        filters: {},
        sorts: [{ fieldId: 'orders_status', descending: false }],
        limit: 10,
        tableCalculations: [{ name: 'probe', displayName: 'Probe', sql }],
      },
    });

  /** The probe's cells when the query was answered (from the rollup, as routing said), else the refusal. */
  async function probe(sql: string): Promise<{ status: number; cells: string }> {
    const response = await fromRollup(sql);
    expect(response.status).not.toBe(500);
    if (response.status !== 200) {
      // Refusals (DuckDB names the file it refused) never say where DATA_DIR is.
      expectNoDataDir(response);
      return { status: response.status, cells: '' };
    }
    expect(response.body.results.cacheMetadata.preAggregate).toEqual({ hit: true, name: 'status_daily' });
    const rows = response.body.results.rows as Array<Record<string, { value: { raw: unknown } }>>;
    return { status: 200, cells: JSON.stringify(rows.map((row) => row['probe']?.value.raw)) };
  }

  it('answers its own rollup query (the probe runs in the rollup DuckDB)', async () => {
    expect(await probe("'own'")).toEqual({ status: 200, cells: expect.stringContaining('own') });
  });

  it("reads nothing of A's rollup files by read_parquet or glob, even spelled with chr(47)", async () => {
    const attempts = [
      `(SELECT count(*) FROM read_parquet(${withoutSlash(fileOfA)}))`,
      `(SELECT string_agg(file, ',') FROM glob(${withoutSlash(`${dataDir}/pre-aggregates/*/*/*.parquet`)}))`,
      `(SELECT string_agg(file, ',') FROM glob(${withoutSlash(`${dataDir}/pre-aggregates/${projectA}/*/*`)}))`,
      `(SELECT string_agg(file, ',') FROM glob(${withoutSlash(`${dataDir}/**`)}))`,
      `(SELECT string_agg(file, ',') FROM glob(${withoutSlash(`${realDataDir}/pre-aggregates/**`)}))`,
    ];
    for (const sql of attempts) {
      const { status, cells } = await probe(sql);
      expect({ sql, status: status === 200 || (status >= 400 && status < 500) }).toEqual({ sql, status: true });
      expect(cells).not.toContain(projectA);
      if (status === 200) expect(cells).toMatch(/^\[(null,?|"",?|"0",?|0,?)*\]$/);
    }
  });

  it("reveals no other project's or organization's folder through the engine settings", async () => {
    for (const sql of [
      "current_setting('allowed_directories')::VARCHAR",
      "current_setting('temp_directory')",
      "(SELECT string_agg(name || '=' || coalesce(value, ''), ';') FROM duckdb_settings())",
      "(SELECT string_agg(coalesce(path, ''), ';') FROM duckdb_databases())",
    ]) {
      const { status, cells } = await probe(sql);
      expect(status === 200 || (status >= 400 && status < 500)).toBe(true);
      expect(cells).not.toContain(projectA);
      expect(cells).not.toContain(orgA);
      // DuckDB shows the directories it may read as real paths: only this project's own rollup and spill folders.
      for (const path of cells.match(new RegExp(`(${realDataDir}|${dataDir})[^,\\]"; ]*`, 'g')) ?? []) expect(path).toContain(projectB);
    }
  });
});
