import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Explore } from '@quarry/domain';
import { type ChdbHttpServer, JAFFLE_CLICKHOUSE_DATABASE, loadJaffleClickHouse, startChdbHttpServer } from '@quarry/testing';
import type { WarehouseAdapter } from '@quarry/warehouses';
import { ClickHouseAdapter, closeDuckDbInstances, DuckDbAdapter, PostgresAdapter } from '@quarry/warehouses';

import { JAFFLE_FIXTURE_DIR, jaffleExplore } from '../jaffle-explores';

export const DIFF_ENGINES = ['postgres', 'duckdb', 'clickhouse'] as const;
export type EngineName = (typeof DIFF_ENGINES)[number];

/** The warehouses of the differential run, through the adapters production uses (values normalised as served). */
export type DiffEngines = Record<EngineName, WarehouseAdapter> & { close(): Promise<void> };

/**
 * A jaffle explore as compiled for an engine of the run. The manifest comes from dbt-postgres
 * (relations "postgres"."jaffle".x); on ClickHouse, which has no level above the database, a
 * project's relations are two-part, as dbt-clickhouse writes them: "jaffle".x.
 */
export function diffExplore(name: string, engine: EngineName): Explore {
  const explore = jaffleExplore(name, engine);
  if (engine !== 'clickhouse') return explore;
  const tables = Object.fromEntries(
    Object.entries(explore.tables).map(([key, table]) => [
      key,
      { ...table, database: '', sqlTable: table.sqlTable.replace(/^"postgres"\./, '') },
    ]),
  );
  return { ...explore, tables };
}

const run = promisify(execFile);

/**
 * PostgreSQL: the fixture jest's globalSetup loaded (database `postgres`, schema `jaffle`).
 * DuckDB: the same fixture materialised into a fresh `postgres.duckdb`, so the manifest's
 * relations ("postgres"."jaffle".…) resolve unchanged; the folder goes away on close.
 * ClickHouse: chDB behind its HTTP interface, the same rows copied into its database `jaffle`.
 */
export async function openDiffEngines(): Promise<DiffEngines> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-differential-'));
  let chdb: ChdbHttpServer | undefined;
  const startClickHouse = async () => {
    chdb = await startChdbHttpServer();
    await loadJaffleClickHouse(chdb);
    return chdb;
  };
  const [, server] = await Promise.all([
    run(process.execPath, [join(JAFFLE_FIXTURE_DIR, 'materialize.mjs'), 'duckdb', join(dataDir, 'postgres.duckdb')], {
      cwd: join(__dirname, '../../../../..'),
      timeout: 120_000,
    }),
    startClickHouse(),
  ]).catch(async (error: unknown) => {
    await chdb?.close();
    throw error;
  });
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
  const clickhouse = new ClickHouseAdapter({
    type: 'clickhouse',
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    schema: JAFFLE_CLICKHOUSE_DATABASE,
  });
  return {
    postgres,
    duckdb,
    clickhouse,
    close: async () => {
      await Promise.allSettled([postgres.close(), duckdb.close(), clickhouse.close()]);
      await Promise.allSettled([closeDuckDbInstances(), server.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
