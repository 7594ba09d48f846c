import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createTestDatabase, type TestDatabase, uniqueName } from '../test-database';
import { freePort, type RunningProcess, startApp } from './app-processes';
import { waitForHealthy } from './wait-for';

export const MACHINE_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * Environment for a private Quarry: its own database, queue prefix and data directory. `label`
 * names them (`quarry_<label>_…`, `quarry-<label>-…`), so leftovers say who made them.
 */
export async function privateEnvironment(
  overrides: NodeJS.ProcessEnv = {},
  label = 'e2e',
): Promise<{ env: NodeJS.ProcessEnv; database: TestDatabase; dataDir: string }> {
  const database = await createTestDatabase(`quarry_${label}`);
  const dataDir = mkdtempSync(join(tmpdir(), `quarry-${label}-`));
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: database.url,
    SECRET_KEY: `${label}-secret-key-0123456789abcdefghijklmnop`,
    REDIS_URL: MACHINE_REDIS_URL,
    QUEUE_PREFIX: uniqueName(`quarry-${label}`),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The test warehouses (the machine's PostgreSQL, local fake servers) are on loopback, which
    // the production default refuses; a test of that default overrides this with ''.
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    ...overrides,
  };
  return { env, database, dataDir };
}

/** Seeds an organization with an admin through the admin CLI, as an operator would. */
export async function createOrganization(
  env: NodeJS.ProcessEnv,
  name: string,
  adminEmail: string,
): Promise<{ organizationUuid: string; token: string }> {
  const cli = startApp('cli', env, ['create-org', '--name', name, '--admin-email', adminEmail]);
  const code = await cli.exited;
  if (code !== 0) throw new Error(`create-org failed:\n${cli.output()}`);
  const output = cli.output();
  const created = JSON.parse(output.slice(output.indexOf('{'))) as { organizationUuid: string; token: string };
  return created;
}

export async function startApi(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<{ api: RunningProcess; baseUrl: string }> {
  const port = await freePort();
  const api = startApp('api', { ...env, PORT: String(port), HOST: '127.0.0.1' }, [], nodeArgs);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(baseUrl, api);
  } catch (error) {
    // Not left running behind a failed setup (it held its port and memory until killed by hand).
    await api.stop('SIGKILL');
    throw error;
  }
  return { api, baseUrl };
}
