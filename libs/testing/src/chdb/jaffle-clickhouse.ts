import { Client } from 'pg';

import { ensureJafflePostgres } from '../jaffle-fixture';
import { TEST_POSTGRES_URL } from '../test-database';
import type { ChdbHttpServer } from './chdb-http';

/** The ClickHouse database of the fixture: relations are two-part there (`jaffle`.`orders`). */
export const JAFFLE_CLICKHOUSE_DATABASE = 'jaffle';

/**
 * Loads the jaffle fixture into ClickHouse database `jaffle` by copying every relation of the
 * PostgreSQL load (ensured first) through ClickHouse's `postgresql()` table function: the models'
 * SQL is PostgreSQL's, and a copy gives ClickHouse the very rows and (mapped) column types the
 * other engines hold, so results can be compared cell by cell. Returns the tables loaded.
 */
export async function loadJaffleClickHouse(server: ChdbHttpServer): Promise<string[]> {
  await ensureJafflePostgres();
  const source = new URL(TEST_POSTGRES_URL);
  const relations = await jaffleRelations();
  const text = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const connection = [
    text(`${source.hostname}:${source.port || '5432'}`),
    text('postgres'),
    '%TABLE%',
    text(decodeURIComponent(source.username || 'postgres')),
    text(decodeURIComponent(source.password)),
    text('jaffle'),
  ].join(', ');
  await server.exec(`CREATE DATABASE IF NOT EXISTS ${JAFFLE_CLICKHOUSE_DATABASE}`);
  for (const relation of relations) {
    await server.exec(
      `CREATE OR REPLACE TABLE ${JAFFLE_CLICKHOUSE_DATABASE}.\`${relation}\` ENGINE = MergeTree ORDER BY tuple() ` +
        `AS SELECT * FROM postgresql(${connection.replace('%TABLE%', text(relation))})`,
    );
  }
  return relations;
}

async function jaffleRelations(): Promise<string[]> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'jaffle' ORDER BY table_name",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}
