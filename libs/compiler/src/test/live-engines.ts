import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { WarehouseType } from '@quarry/domain';
import { type Client, types } from 'pg';

import type { QueryParam } from '../lib/params/param-binder';
import { JAFFLE_FIXTURE_DIR } from './jaffle-explores';
import { jafflePostgresClient } from './postgres-client';

/** An engine holding the jaffle fixture (schema `jaffle`), running compiled and hand-written SQL. */
export interface LiveEngine {
  type: Extract<WarehouseType, 'postgres' | 'duckdb'>;
  /** Rows of compiled SQL, each the values of `columns` (field ids) in order; a missing column is an error. */
  compiledRows(sql: string, params: readonly QueryParam[], columns: readonly string[]): Promise<unknown[][]>;
  /** Rows of hand-written SQL, in its SELECT order. */
  handRows(sql: string): Promise<unknown[][]>;
  /** Runs SQL for its effect or a scalar (table counts). */
  scalar(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

function pick(row: Record<string, unknown>, columns: readonly string[]): unknown[] {
  return columns.map((column) => {
    if (!(column in row)) throw new Error(`The result has no column "${column}" (columns: ${Object.keys(row).join(', ')})`);
    return row[column];
  });
}

/** Dates and timestamps as PostgreSQL writes them, not as JS Dates in the process's zone. */
const TEXT_TIMES = new Set([types.builtins.DATE, types.builtins.TIMESTAMP, types.builtins.TIMESTAMPTZ]);
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TIMES.has(oid) ? (text: string) => text : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

/** The fixture in PostgreSQL (database `postgres`), loaded by jest's globalSetup. */
export async function openPostgres(): Promise<LiveEngine> {
  const client: Client = await jafflePostgresClient();
  return {
    type: 'postgres',
    compiledRows: async (sql, params, columns) =>
      (await client.query<Record<string, unknown>>({ text: sql, values: [...params], types: pgTypes })).rows.map((row) =>
        pick(row, columns),
      ),
    handRows: async (sql) => (await client.query<unknown[]>({ text: sql, rowMode: 'array', types: pgTypes })).rows,
    scalar: async (sql) => Object.values((await client.query<Record<string, unknown>>(sql)).rows[0] ?? {})[0],
    close: () => client.end(),
  };
}

const run = promisify(execFile);

/**
 * The fixture materialised into a fresh DuckDB file named `postgres.duckdb`, so the manifest's
 * relations ("postgres"."jaffle".…) resolve as they are; the file goes away on close.
 */
export async function openDuckDb(): Promise<LiveEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-compiler-duckdb-'));
  const file = join(dir, 'postgres.duckdb');
  await run(process.execPath, [join(JAFFLE_FIXTURE_DIR, 'materialize.mjs'), 'duckdb', file], {
    cwd: join(__dirname, '../../../..'),
    timeout: 120_000,
  });
  const instance = await DuckDBInstance.create(file);
  const duck: DuckDBConnection = await instance.connect();
  const values = (params: readonly QueryParam[]) => (params.length > 0 ? [...params] : undefined);
  return {
    type: 'duckdb',
    compiledRows: async (sql, params, columns) =>
      ((await (await duck.run(sql, values(params))).getRowObjectsJson()) as Array<Record<string, unknown>>).map((row) =>
        pick(row, columns),
      ),
    handRows: async (sql) => (await (await duck.run(sql)).getRowsJson()) as unknown[][],
    scalar: async (sql) => ((await (await duck.run(sql)).getRowsJson()) as unknown[][])[0]?.[0],
    close: async () => {
      duck.closeSync();
      instance.closeSync();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
