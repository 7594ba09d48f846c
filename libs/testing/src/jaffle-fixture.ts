import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { Client } from 'pg';

import { TEST_POSTGRES_URL } from './test-database';

const run = promisify(execFile);

/** Repository root: libs/testing/src → up three. */
export const WORKSPACE_ROOT = join(__dirname, '../../..');
/** The jaffle-shop fixture, kept in the repository (provenance and MIT licence in its README). */
export const JAFFLE_DIR = join(WORKSPACE_ROOT, 'libs/testing/fixtures/jaffle-shop');
export const JAFFLE_MANIFEST_PATH = join(JAFFLE_DIR, 'manifest.json');

export function jaffleManifest(): Record<string, unknown> {
  return JSON.parse(readFileSync(JAFFLE_MANIFEST_PATH, 'utf8')) as Record<string, unknown>;
}

/** One lock for every test run on this machine that rebuilds the fixture schema. */
const JAFFLE_LOCK = 7_301_730_174;

async function materialize(args: string[]): Promise<void> {
  await run(process.execPath, [join(JAFFLE_DIR, 'materialize.mjs'), ...args], {
    cwd: WORKSPACE_ROOT, // the loader resolves pg / @duckdb/node-api from here
    env: {
      ...process.env,
      PGHOST: new URL(TEST_POSTGRES_URL).hostname,
      PGPORT: new URL(TEST_POSTGRES_URL).port || '5432',
      PGUSER: 'postgres',
      PGDATABASE: 'postgres',
    },
    timeout: 120_000,
  });
}

/** A fingerprint of the fixture's files: the schema is rebuilt only when they changed. */
function fixtureFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of [
    JAFFLE_MANIFEST_PATH,
    ...readdirSync(join(JAFFLE_DIR, 'data'))
      .sort()
      .map((name) => join(JAFFLE_DIR, 'data', name)),
  ]) {
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * Loads the fixture into database `postgres`, schema `jaffle` (its relation names require that
 * place) unless a complete load of the same fixture files is already there: the schema carries
 * the fingerprint as its comment, written only after a load succeeded. An advisory lock keeps
 * concurrent runs from loading it together, and a run never rebuilds it under another's feet.
 */
export async function ensureJafflePostgres(): Promise<void> {
  const fingerprint = fixtureFingerprint();
  const client = new Client({ connectionString: TEST_POSTGRES_URL.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [JAFFLE_LOCK]);
    const marker = await client.query(
      // By oid, not 'jaffle'::regnamespace: that cast fails on a machine that never had the schema.
      `SELECT obj_description(oid, 'pg_namespace') AS run FROM pg_namespace WHERE nspname = 'jaffle'`,
    );
    if (marker.rows[0]?.run !== fingerprint) {
      await materialize(['postgres']);
      await client.query(`COMMENT ON SCHEMA jaffle IS '${fingerprint}'`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [JAFFLE_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/**
 * Builds the fixture in a DuckDB file named `postgres.duckdb` (so the catalog is `postgres` and the
 * manifest's `"postgres"."jaffle".x` names resolve as they are) inside `dir`; returns its path.
 */
export async function materializeJaffleDuckdb(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'postgres.duckdb');
  if (!existsSync(file)) await materialize(['duckdb', file]);
  return file;
}
