import { createReadStream, existsSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_SCHEMA } from '@quarry/demo-data';
import { createTestDatabase, type TestDatabase } from '@quarry/testing';
import { READ_ONLY_DUCKDB_OPTIONS } from '@quarry/warehouses';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

import type { CleanupStack } from './cleanup-stack';

/** The events columns the PostgreSQL copy keeps: what the bench's dashboard query and its pre-aggregate read. */
const COLUMNS = [
  ['event_id', 'bigint'],
  ['session_id', 'text'],
  ['occurred_at', 'timestamp'],
  ['event_type', 'text'],
  ['platform', 'text'],
  ['device_type', 'text'],
  ['is_bot', 'boolean'],
] as const;

export interface PostgresEvents {
  database: TestDatabase;
  rows: number;
  /** Milliseconds to load (COPY FROM STDIN + ANALYZE), and whether the CSV was made this run. */
  loadMs: number;
  csvMadeThisRun: boolean;
}

/**
 * The demo's events in a fresh PostgreSQL database (schema `shop`), dropped on cleanup. DuckDB
 * writes the CSV once next to the cached warehouse; each run streams it in with COPY FROM STDIN.
 */
export async function loadEventsIntoPostgres(
  warehouseFile: string,
  cleanup: CleanupStack,
  say: (line: string) => void,
): Promise<PostgresEvents> {
  const csv = join(dirname(warehouseFile), 'events-for-postgres.csv');
  const csvMadeThisRun = !existsSync(csv);
  if (csvMadeThisRun) {
    say('Writing the events as CSV for PostgreSQL (cached for later runs)…');
    const instance = await DuckDBInstance.create(warehouseFile, { ...READ_ONLY_DUCKDB_OPTIONS, enable_external_access: 'true' });
    try {
      const connection = await instance.connect();
      const staged = `${csv}.partial`;
      await connection.run(
        `COPY (SELECT ${COLUMNS.map(([name]) => name).join(', ')} FROM "${DEMO_SCHEMA}".events) TO '${staged.replace(/'/g, "''")}' ` +
          `(FORMAT CSV, HEADER false)`,
      );
      connection.closeSync();
      renameSync(staged, csv);
    } finally {
      instance.closeSync();
    }
  }
  const database = await createTestDatabase('bench_warehouse');
  cleanup.push(`drop the warehouse database ${database.name}`, () => database.drop());
  say(`Loading ${(statSync(csv).size / 1e6).toFixed(0)} MB of events into PostgreSQL (${database.name})…`);
  const started = performance.now();
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${DEMO_SCHEMA}`);
    await client.query(`CREATE UNLOGGED TABLE ${DEMO_SCHEMA}.events (${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})`);
    await pipeline(createReadStream(csv), client.query(copyFrom(`COPY ${DEMO_SCHEMA}.events FROM STDIN (FORMAT csv)`)));
    await client.query(`ANALYZE ${DEMO_SCHEMA}.events`);
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${DEMO_SCHEMA}.events`);
    return { database, rows: Number(rows[0]?.n), loadMs: performance.now() - started, csvMadeThisRun };
  } finally {
    await client.end();
  }
}

/** The YAML project the bench's PostgreSQL project reads: the events model with one pre-aggregate. */
export const EVENTS_PROJECT_FILES: Record<string, string> = {
  'dbt_project.yml': ['name: bench_events', "version: '1.0.0'", 'config-version: 2', "model-paths: ['models']", ''].join('\n'),
  'models/events.yml': `version: 2

models:
  - name: events
    meta:
      pre_aggregates:
        - name: events_daily
          dimensions: [event_type, platform, device_type]
          metrics: [event_count]
          time_dimension: occurred_at
          granularity: day
    columns:
      - name: event_id
        meta:
          dimension:
            type: number
          metrics:
            event_count:
              type: count
      - name: session_id
      - name: occurred_at
        meta:
          dimension:
            type: timestamp
            time_intervals: [RAW, DAY, WEEK, MONTH, QUARTER, YEAR]
      - name: event_type
      - name: platform
      - name: device_type
      - name: is_bot
        meta:
          dimension:
            type: boolean
`,
};
