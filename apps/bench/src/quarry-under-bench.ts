import { cpSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_DUCKDB_FILE_NAME } from '@quarry/demo-data';
import { organizationDataFolder } from '@quarry/domain';
import {
  createOrganization,
  deleteRedisPrefix,
  freePort,
  privateEnvironment,
  type RunningProcess,
  startApi,
  startApp,
  waitFor,
} from '@quarry/testing';

import { copyDemoProjectWithoutCrons } from './bench-demo-project';
import type { CleanupStack } from './cleanup-stack';
import { createCompiledProject, waitForPreAggregateBuilds } from './create-project';

/** A Quarry of the benchmark's own, serving the demo project over the cached warehouse. */
export interface QuarryUnderBench {
  baseUrl: string;
  /** The API's SQL API (PostgreSQL wire protocol) port, on 127.0.0.1. */
  sqlApiPort: number;
  /** The API's process id (its CPU time is read from /proc). */
  apiPid: number;
  token: string;
  projectUuid: string;
  /** The warehouse file inside DATA_DIR, as the API opens it. */
  warehouseFile: string;
  /** DATA_DIR: exports land in `files/exports/<jobId>/`. */
  dataDir: string;
  /** The bench organization's folder of DATA_DIR, where its projects' warehouse paths and project folders resolve. */
  organizationFolder: string;
  /** The metadata database (the pre-aggregate case reads the stored explore and build from it). */
  databaseUrl: string;
  /** Starts a fresh worker (stopped on cleanup, or by the caller), with extra environment and node arguments; resolves once it is ready. */
  startWorker(extraEnv?: NodeJS.ProcessEnv, nodeArgs?: string[]): Promise<RunningProcess>;
}

const WAREHOUSE_PATH = join('warehouses', DEMO_DUCKDB_FILE_NAME);
const PROJECT_PATH = join('projects', 'demo-shop');

/** Hard link when possible (same file system, instant), else a copy. */
function placeWarehouse(cachedFile: string, target: string): void {
  mkdirSync(join(target, '..'), { recursive: true });
  try {
    linkSync(cachedFile, target);
  } catch {
    cpSync(cachedFile, target);
  }
}

function stopOnCleanup(cleanup: CleanupStack, name: string, process: RunningProcess): void {
  cleanup.push(`stop the ${name}`, () => process.stop());
}

async function startWorker(env: NodeJS.ProcessEnv, nodeArgs: string[]): Promise<RunningProcess> {
  // The worker announces readiness at info level.
  const worker = startApp('worker', { ...env, LOG_LEVEL: 'info' }, [], nodeArgs);
  await waitFor('the worker to start', async () => {
    if (worker.child.exitCode !== null) throw new Error(`worker exited:\n${worker.output()}`);
    return worker.output().includes('Quarry worker started') ? true : undefined;
  });
  return worker;
}

/**
 * Boots API and worker from dist/ on a fresh metadata database, a private Redis prefix and a
 * temporary DATA_DIR holding the cached warehouse; creates the project, then stops the worker
 * (runQuery runs in the API) so that it takes no CPU while timing; the export cases start their own
 * fresh workers. Everything is undone through `cleanup`, in reverse.
 */
export async function startQuarryUnderBench(
  cachedWarehouse: string,
  cleanup: CleanupStack,
  say: (line: string) => void,
): Promise<QuarryUnderBench> {
  // The export cases time whole files against the engine's own COPY: the disk-protecting byte cap
  // (1 GiB by default) would cut the 9.7M-row export short and make its ratio meaningless.
  const { env, database, dataDir } = await privateEnvironment({ EXPORT_MAX_BYTES: '0' }, 'bench');
  cleanup.push('drop the metadata database', () => database.drop());
  cleanup.push('delete the Redis prefix', () => deleteRedisPrefix(env['QUEUE_PREFIX'] as string));
  cleanup.push('remove DATA_DIR', () => rmSync(dataDir, { recursive: true, force: true }));

  say(`Starting Quarry (database ${database.name}, Redis prefix ${String(env['QUEUE_PREFIX'])})…`);
  const migrate = startApp('cli', env, ['migrate']);
  if ((await migrate.exited) !== 0) throw new Error(`migrate failed:\n${migrate.output()}`);
  const organization = await createOrganization(env, 'Bench organization', 'admin@bench.local');
  // The organization's DuckDB file and transform folder live in its own folder of DATA_DIR.
  const folder = organizationDataFolder(dataDir, organization.organizationUuid);
  const warehouseFile = join(folder, WAREHOUSE_PATH);
  placeWarehouse(cachedWarehouse, warehouseFile);
  copyDemoProjectWithoutCrons(join(folder, PROJECT_PATH));

  // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=tmp/bench/profiles" to profile the API under the query cases.
  const apiNodeArgs = (process.env['BENCH_API_NODE_ARGS'] ?? '').split(/\s+/).filter((arg) => arg !== '');
  // The SQL API listens in the API process only (the sql-api case); the worker never opens it.
  const sqlApiPort = await freePort();
  const { api, baseUrl } = await startApi({ ...env, SQL_API_PORT: String(sqlApiPort) }, apiNodeArgs);
  stopOnCleanup(cleanup, 'API', api);
  const startStoppedOnCleanup = async (extraEnv: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []) => {
    const worker = await startWorker({ ...env, ...extraEnv }, nodeArgs);
    stopOnCleanup(cleanup, `worker ${String(worker.child.pid)}`, worker);
    return worker;
  };
  const worker = await startStoppedOnCleanup();

  const projectUuid = await createCompiledProject(baseUrl, organization.token, {
    name: 'Demo shop',
    warehouseConnection: { type: 'duckdb', path: WAREHOUSE_PATH },
    projectDir: PROJECT_PATH,
  });
  // The demo's rollups are built now, so that no export worker builds them while it is measured, and every query case sees them.
  const failedRollups = await waitForPreAggregateBuilds(baseUrl, organization.token, projectUuid);
  await worker.stop();
  say(
    `Demo project compiled and its pre-aggregates built${failedRollups.length > 0 ? ` (failed: ${failedRollups.join('; ')})` : ''}; ` +
      `API at ${baseUrl}.`,
  );
  return {
    baseUrl,
    sqlApiPort,
    apiPid: api.child.pid as number,
    token: organization.token,
    projectUuid,
    warehouseFile,
    dataDir,
    organizationFolder: folder,
    databaseUrl: database.url,
    startWorker: startStoppedOnCleanup,
  };
}
