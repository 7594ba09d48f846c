import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createTestDatabase, type TestDatabase, uniqueName } from '@quarry/testing';

import { freePort, type RunningProcess, startApp, waitForHealthy } from './processes';

export const MACHINE_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface QuarryUnderTest {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  database: TestDatabase;
  dataDir: string;
  adminToken: string;
  organizationUuid: string;
  api: RunningProcess;
  worker: RunningProcess;
}

/** Environment for a private Quarry: its own database, queue prefix and data directory. */
export async function privateEnvironment(overrides: NodeJS.ProcessEnv = {}): Promise<{ env: NodeJS.ProcessEnv; database: TestDatabase; dataDir: string }> {
  const database = await createTestDatabase('quarry_e2e');
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-e2e-'));
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: database.url,
    SECRET_KEY: 'e2e-secret-key-0123456789abcdefghijklmnop',
    REDIS_URL: MACHINE_REDIS_URL,
    QUEUE_PREFIX: uniqueName('quarry-e2e'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...overrides,
  };
  return { env, database, dataDir };
}

/** Seeds an organization with an admin through the admin CLI, as an operator would. */
export async function createOrganization(env: NodeJS.ProcessEnv, name: string, adminEmail: string): Promise<{ organizationUuid: string; token: string }> {
  const cli = startApp('cli', env, ['create-org', '--name', name, '--admin-email', adminEmail]);
  const code = await cli.exited;
  if (code !== 0) throw new Error(`create-org failed:\n${cli.output()}`);
  const output = cli.output();
  const created = JSON.parse(output.slice(output.indexOf('{'))) as { organizationUuid: string; token: string };
  return created;
}

export async function startApi(env: NodeJS.ProcessEnv): Promise<{ api: RunningProcess; baseUrl: string }> {
  const port = await freePort();
  const api = startApp('api', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealthy(baseUrl, api);
  return { api, baseUrl };
}
