import { Client } from 'pg';

import { ensureJafflePostgres } from '../jaffle-fixture';
import { TEST_POSTGRES_URL } from '../test-database';
import type { ChdbHttpServer } from './chdb-http';

/** The ClickHouse database of the fixture: relations are two-part there (`jaffle`.`orders`). */
export const JAFFLE_CLICKHOUSE_DATABASE = 'jaffle';

/**
 * Loads the jaffle fixture into ClickHouse database `jaffle` by copying every relation of the
 * PostgreSQL load (ensured first) through ClickHouse's `postgresql()` table function: the models'
 * SQL is PostgreSQL's, and a copy gives ClickHouse the very rows the other engines hold, so
 * results can be compared cell by cell. Column types are the ones a ClickHouse project would have:
 * `Nullable` only where the data has NULLs (so an outer join's missing side is only NULL under
 * `join_use_nulls`), booleans as `Bool`, zone-less timestamps as `DateTime64(6, 'UTC')`. Returns the tables loaded.
 */
export async function loadJaffleClickHouse(server: ChdbHttpServer): Promise<string[]> {
  await ensureJafflePostgres();
  const source = new URL(TEST_POSTGRES_URL);
  const relations = await jaffleRelations();
  const connection = (table: string) =>
    [
      `${source.hostname}:${source.port || '5432'}`,
      'postgres',
      table,
      decodeURIComponent(source.username || 'postgres'),
      decodeURIComponent(source.password),
      'jaffle',
    ]
      .map(clickHouseText)
      .join(', ');
  await server.exec(`CREATE DATABASE IF NOT EXISTS ${JAFFLE_CLICKHOUSE_DATABASE}`);
  for (const relation of relations) {
    const select = relation.columns.map(({ name, type, nullable }) => {
      const column = `\`${name}\``;
      const value = nullable ? column : `assumeNotNull(${column})`;
      const clickHouseType = CLICKHOUSE_TYPE_OF[type];
      return `${clickHouseType ? `CAST(${value} AS ${nullable ? `Nullable(${clickHouseType})` : clickHouseType})` : value} AS ${column}`;
    });
    await server.exec(
      `CREATE OR REPLACE TABLE ${JAFFLE_CLICKHOUSE_DATABASE}.\`${relation.name}\` ENGINE = MergeTree ORDER BY tuple() ` +
        `AS SELECT ${select.join(', ')} FROM postgresql(${connection(relation.name)})`,
    );
  }
  return relations.map((relation) => relation.name);
}

/**
 * PostgreSQL types the copy must not take as `postgresql()` maps them. A zone-less `timestamp`
 * becomes `DateTime64(6)`, a column in the session's zone, so a query time zone would move its
 * wall clock; `DateTime64(6, 'UTC')` is ClickHouse's zone-less equivalent: a column with its own
 * zone keeps that wall clock whatever the session's zone, as PostgreSQL's `timestamp` does.
 */
const CLICKHOUSE_TYPE_OF: Readonly<Record<string, string>> = {
  boolean: 'Bool',
  'timestamp without time zone': "DateTime64(6, 'UTC')",
};

function clickHouseText(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

interface Relation {
  name: string;
  columns: Array<{ name: string; type: string; nullable: boolean }>;
}

/** The fixture's relations in PostgreSQL, each column with whether its data holds a NULL. */
async function jaffleRelations(): Promise<Relation[]> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; column: string; type: string }>(
      'SELECT table_name AS table, column_name AS column, data_type AS type FROM information_schema.columns ' +
        "WHERE table_schema = 'jaffle' ORDER BY table_name, ordinal_position",
    );
    const relations = new Map<string, Relation>();
    for (const row of rows) {
      const relation = relations.get(row.table) ?? { name: row.table, columns: [] };
      relations.set(row.table, relation);
      relation.columns.push({ name: row.column, type: row.type, nullable: true });
    }
    for (const relation of relations.values()) {
      const counts = relation.columns.map((column, index) => `count(*) - count(${client.escapeIdentifier(column.name)}) AS n${index}`);
      const nulls =
        (await client.query<Record<string, string>>(`SELECT ${counts.join(', ')} FROM jaffle.${client.escapeIdentifier(relation.name)}`))
          .rows[0] ?? {};
      relation.columns.forEach((column, index) => (column.nullable = Number(nulls[`n${index}`]) > 0));
    }
    return [...relations.values()];
  } finally {
    await client.end();
  }
}
