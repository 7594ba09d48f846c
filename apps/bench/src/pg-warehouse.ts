import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import { DEMO_SCHEMA } from '@quarry/demo-data';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '@quarry/testing';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

import { copyDemoProjectWithoutCrons } from './bench-demo-project';
import type { CleanupStack } from './cleanup-stack';
import { createCompiledProject, waitForPreAggregateBuilds } from './create-project';
import type { DirectDuckDb } from './direct-duckdb';
import type { QuarryUnderBench } from './quarry-under-bench';

/** The demo tables the PostgreSQL warehouse holds (the export cases read events only), with their primary keys (meta.primary_key). */
const TABLES = [{ name: 'events', primaryKey: 'event_id' }] as const;

/** DuckDB's types of the demo tables, as PostgreSQL spells them. */
const POSTGRES_TYPES: Readonly<Record<string, string>> = {
  BIGINT: 'bigint',
  INTEGER: 'integer',
  SMALLINT: 'smallint',
  DOUBLE: 'double precision',
  BOOLEAN: 'boolean',
  VARCHAR: 'text',
  DATE: 'date',
  TIMESTAMP: 'timestamp',
};

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The demo events in a PostgreSQL database of the bench's own, and what the bench runs on it directly. */
export interface PostgresWarehouse {
  database: TestDatabase;
  /** E15's warehouseConnection for a project on it. */
  connection: Record<string, unknown>;
  /** The baseline: `COPY (sql) TO STDOUT WITH CSV HEADER` on this database, into `target`; returns the rows written. */
  copyToCsv(sql: string, target: string): Promise<number>;
  countRows(schema: string, table: string): Promise<number>;
}

async function connected(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Creates the table with DuckDB's columns in PostgreSQL's types, then streams DuckDB's CSV of it into COPY FROM STDIN. */
async function loadTable(
  duckdb: DirectDuckDb,
  client: Client,
  { name: table, primaryKey }: (typeof TABLES)[number],
  csvDir: string,
): Promise<number> {
  const columns = await duckdb.columns(DEMO_SCHEMA, table);
  const definitions = columns.map(({ name, type }) => {
    const postgresType = POSTGRES_TYPES[type];
    if (!postgresType) throw new Error(`${DEMO_SCHEMA}.${table}.${name}: no PostgreSQL type for DuckDB's ${type}`);
    return `${quoted(name)} ${postgresType}`;
  });
  const target = `${quoted(DEMO_SCHEMA)}.${quoted(table)}`;
  // Unlogged: a scratch copy the bench drops at the end needs no WAL, and loads in half the time.
  await client.query(`CREATE UNLOGGED TABLE ${target} (${definitions.join(', ')})`);
  const csv = join(csvDir, `${table}.csv`);
  const rows = await duckdb.copyToCsv(`SELECT * FROM ${quoted(DEMO_SCHEMA)}.${quoted(table)}`, csv);
  try {
    await pipeline(createReadStream(csv), client.query(copyFrom(`COPY ${target} FROM STDIN WITH (FORMAT csv, HEADER true)`)));
  } finally {
    rmSync(csv, { force: true });
  }
  // As a warehouse table would have it; the export sorts by it.
  await client.query(`ALTER TABLE ${target} ADD PRIMARY KEY (${quoted(primaryKey)})`);
  await client.query(`ANALYZE ${target}`);
  return rows;
}

/**
 * A unique PostgreSQL database holding the same demo events as the DuckDB file (schema `shop`),
 * loaded with COPY FROM STDIN from the CSV DuckDB writes of them; dropped through `cleanup`.
 */
export async function createPostgresWarehouse(
  duckdb: DirectDuckDb,
  cleanup: CleanupStack,
  say: (line: string) => void,
): Promise<PostgresWarehouse> {
  const database = await createTestDatabase('quarry_bench_wh');
  cleanup.push(`drop the warehouse database ${database.name}`, () => database.drop());
  const client = await connected(database.url);
  cleanup.push('close the warehouse connection', () => client.end().catch(() => undefined));
  const csvDir = mkdtempSync(join(tmpdir(), 'quarry-bench-pg-'));
  try {
    await client.query(`CREATE SCHEMA ${quoted(DEMO_SCHEMA)}`);
    for (const table of TABLES) {
      const started = performance.now();
      const rows = await loadTable(duckdb, client, table, csvDir);
      say(
        `  ${DEMO_SCHEMA}.${table.name}: ${rows.toLocaleString('en-US')} rows loaded into PostgreSQL ${database.name} ` +
          `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    rmSync(csvDir, { recursive: true, force: true });
  }
  const url = new URL(TEST_POSTGRES_URL);
  return {
    database,
    connection: {
      type: 'postgres',
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username) || 'postgres',
      password: decodeURIComponent(url.password) || 'unused',
      dbname: database.name,
      schema: DEMO_SCHEMA,
    },
    async copyToCsv(sql, target) {
      const copy = client.query(copyTo(`COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
      await pipeline(copy, createWriteStream(target));
      return copy.rowCount;
    },
    async countRows(schema, table) {
      const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted(schema)}.${quoted(table)}`);
      return Number(result.rows[0]?.n);
    },
  };
}

/**
 * The demo project on the PostgreSQL warehouse: its YAML without profiles.yml, so that models land
 * in the connection's database and schema; compiled, and its pre-aggregates built, by a worker
 * started for it and stopped after, so that the export case's fresh worker has done nothing else.
 */
export async function createPostgresDemoProject(quarry: QuarryUnderBench, warehouse: PostgresWarehouse): Promise<string> {
  const projectPath = join('projects', 'demo-shop-postgres');
  copyDemoProjectWithoutCrons(join(quarry.organizationFolder, projectPath));
  rmSync(join(quarry.organizationFolder, projectPath, 'profiles.yml'));
  const worker = await quarry.startWorker();
  try {
    const projectUuid = await createCompiledProject(quarry.baseUrl, quarry.token, {
      name: 'Demo shop on PostgreSQL',
      warehouseConnection: warehouse.connection,
      projectDir: projectPath,
    });
    // Its rollups too, or the export case's worker would build them while it is measured.
    await waitForPreAggregateBuilds(quarry.baseUrl, quarry.token, projectUuid);
    return projectUuid;
  } finally {
    await worker.stop();
  }
}
