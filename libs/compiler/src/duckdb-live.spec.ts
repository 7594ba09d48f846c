import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { dialectFor } from '@quarry/dialects';
import type { Client } from 'pg';

import { compile } from './index';
import { JAFFLE_FIXTURE_DIR, jaffleExplore } from './test/jaffle-explores';
import { jafflePostgresClient } from './test/postgres-client';
import { QUERY_SET } from './test/query-set';

const run = promisify(execFile);

/**
 * Queries where the two engines' SQL differs by design, not by compiler: DuckDB's `/` divides
 * integers exactly where PostgreSQL truncates, so integer-division table calculations disagree.
 */
const ENGINE_DIFFERENCES = new Set(['table calculations with a dependent calculation and a filter']);

/** A value as text both engines agree on: numbers rounded, dates and timestamps as `YYYY-MM-DD HH:mm:ss`. */
function normalise(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Math.round(value * 1e6) / 1e6;
  const text = String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1e6) / 1e6;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text} 00:00:00`;
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/.test(text)) return text.slice(0, 19).replace('T', ' ');
  return text;
}

/**
 * The shared query set compiled for DuckDB, run on the fixture materialised in a DuckDB file,
 * returns the rows the PostgreSQL compile returns on PostgreSQL: a second engine checks the
 * dialect hooks (quoting, concatenation, LIKE escapes, casts, intervals) for real.
 */
describe('compiled queries on DuckDB return the rows they return on PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-compiler-duckdb-'));
  // The manifest names relations "postgres"."jaffle".…: the file's catalog must be called postgres.
  const file = join(dir, 'postgres.duckdb');
  let instance: DuckDBInstance;
  let duck: DuckDBConnection;
  let client: Client;

  beforeAll(async () => {
    await run(process.execPath, [join(JAFFLE_FIXTURE_DIR, 'materialize.mjs'), 'duckdb', file], { cwd: join(__dirname, '../../..'), timeout: 120_000 });
    instance = await DuckDBInstance.create(file);
    duck = await instance.connect();
    client = await jafflePostgresClient();
  }, 150_000);

  afterAll(async () => {
    duck?.closeSync();
    instance?.closeSync();
    await client?.end();
    rmSync(dir, { recursive: true, force: true });
  });

  const entries = QUERY_SET.filter((entry) => !ENGINE_DIFFERENCES.has(entry.name));

  it.each(entries.map((entry) => [entry.name, entry]))('%s', async (_name, entry) => {
    const prepare = entry.prepare ?? ((explore) => explore);
    const onDuck = compile(prepare(jaffleExplore(entry.explore, 'duckdb')), entry.query, dialectFor('duckdb'), entry.context ?? {});
    const onPostgres = compile(prepare(jaffleExplore(entry.explore)), entry.query, dialectFor('postgres'), entry.context ?? {});
    const columns = Object.keys(onDuck.fields);
    const duckResult = await duck.run(onDuck.sql, onDuck.params.length > 0 ? onDuck.params : undefined);
    const duckRows = (await duckResult.getRowObjects()).map((row) => columns.map((column) => normalise(row[column])));
    const pgRows = (await client.query<Record<string, unknown>>(onPostgres.sql, onPostgres.params)).rows.map((row) => columns.map((column) => normalise(row[column])));
    const ordered = entry.query.sorts.length > 0;
    const asText = (rows: unknown[][]) => (ordered ? rows : [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).map((row) => JSON.stringify(row));
    expect(duckRows.length).toBeGreaterThan(0);
    expect(asText(duckRows)).toEqual(asText(pgRows));
  });
});
