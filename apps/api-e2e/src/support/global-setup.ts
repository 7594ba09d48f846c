import './register-paths';

import { join } from 'node:path';

import { organizationDataFolder } from '@quarry/domain';
import { ensureJafflePostgres, freePort, materializeJaffleDuckdb } from '@quarry/testing';

import { createOrganization, privateEnvironment, startApi } from './environment';
import { startApp, waitFor } from './processes';
import { type SharedQuarry, STATE_ENV, writeState } from './shared-quarry';

/**
 * Boots one real Quarry (API + worker processes from dist/) on a fresh database and a private
 * queue prefix, for the suites that need no special setup of their own.
 */
export default async function globalSetup(): Promise<void> {
  const { env, database, dataDir } = await privateEnvironment();
  const migrate = startApp('cli', env, ['migrate']);
  if ((await migrate.exited) !== 0) throw new Error(`migrate failed:\n${migrate.output()}`);
  const organization = await createOrganization(env, 'E2E organization', 'admin@e2e.test');
  // The jaffle-shop fixture, in the machine's PostgreSQL and in a DuckDB file in the organization's folder of DATA_DIR.
  await ensureJafflePostgres();
  await materializeJaffleDuckdb(join(organizationDataFolder(dataDir, organization.organizationUuid), 'warehouses'));

  // Only the shared API serves the SQL API: suites that start APIs of their own with `env` would take its port.
  const sqlApiPort = await freePort();
  const { api, baseUrl } = await startApi({ ...env, SQL_API_PORT: String(sqlApiPort) });
  // The worker announces readiness at info level.
  const worker = startApp('worker', { ...env, LOG_LEVEL: 'info' });
  await waitFor(
    'the worker to start',
    async () => {
      if (worker.child.exitCode !== null) throw new Error(`worker exited:\n${worker.output()}`);
      return worker.output().includes('Quarry worker started') ? true : undefined;
    },
    120_000,
  );

  const state: SharedQuarry = {
    baseUrl,
    sqlApiPort,
    env,
    databaseName: database.name,
    dataDir,
    adminToken: organization.token,
    organizationUuid: organization.organizationUuid,
    pids: { api: api.child.pid ?? 0, worker: worker.child.pid ?? 0 },
  };
  process.env[STATE_ENV] = writeState(state);
}
