import { randomBytes } from 'node:crypto';

import { Client } from 'pg';

/** The PostgreSQL that tests create their databases on (the machine's own, or CI's). */
export const TEST_POSTGRES_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty, uniquely named database; `drop()` removes it even with open connections. */
export async function createTestDatabase(prefix = 'quarry_test'): Promise<TestDatabase> {
  const name = uniqueName(prefix);
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: withDatabase(TEST_POSTGRES_URL, name),
    drop: () => dropTestDatabase(name),
  };
}

export async function dropTestDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing to drop database ${name}`);
  await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Runs one statement on the test server itself (roles and other cluster-wide objects). */
export async function onTestServer(sql: string): Promise<void> {
  await admin((client) => client.query(sql));
}
