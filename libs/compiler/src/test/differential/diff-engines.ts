import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { WarehouseAdapter } from '@quarry/warehouses';
import { closeDuckDbInstances, DuckDbAdapter, PostgresAdapter } from '@quarry/warehouses';

import { JAFFLE_FIXTURE_DIR } from '../jaffle-explores';

/** The two warehouses of the differential run, through the adapters production uses (values normalised as served). */
export interface DiffEngines {
  postgres: WarehouseAdapter;
  duckdb: WarehouseAdapter;
  close(): Promise<void>;
}

const run = promisify(execFile);

/**
 * PostgreSQL: the fixture jest's globalSetup loaded (database `postgres`, schema `jaffle`).
 * DuckDB: the same fixture materialised into a fresh `postgres.duckdb`, so the manifest's
 * relations ("postgres"."jaffle".…) resolve unchanged; the folder goes away on close.
 */
export async function openDiffEngines(): Promise<DiffEngines> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-differential-'));
  await run(process.execPath, [join(JAFFLE_FIXTURE_DIR, 'materialize.mjs'), 'duckdb', join(dataDir, 'postgres.duckdb')], { cwd: join(__dirname, '../../../../..'), timeout: 120_000 });
  const postgres = new PostgresAdapter({
    type: 'postgres',
    host: process.env['PGHOST'] ?? '127.0.0.1',
    port: Number(process.env['PGPORT'] ?? 5432),
    user: 'postgres',
    dbname: 'postgres',
    schema: 'jaffle',
    sslmode: 'disable',
  });
  const duckdb = new DuckDbAdapter({ type: 'duckdb', path: 'postgres.duckdb' }, { dataDir, folder: dataDir, duckdb: { threads: 2 } });
  return {
    postgres,
    duckdb,
    close: async () => {
      await Promise.allSettled([postgres.close(), duckdb.close()]);
      await closeDuckDbInstances();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
