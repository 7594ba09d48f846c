import { Client } from 'pg';

/** The fixture lives in database `postgres`, schema `jaffle` on the local test server (README: npm test). */
export async function jafflePostgresClient(): Promise<Client> {
  const client = new Client({
    host: process.env['PGHOST'] ?? '127.0.0.1',
    port: Number(process.env['PGPORT'] ?? 5432),
    user: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  return client;
}

/**
 * Rows made comparable across a compiled query and a hand-written one: numbers (which pg returns
 * as text for bigint/numeric) rounded, dates as ISO text; the multiset sorted unless order matters.
 */
export function comparableRows(rows: unknown[][], keepOrder: boolean): string[] {
  const normalised = rows.map((row) => JSON.stringify(row.map(normaliseValue)));
  return keepOrder ? normalised : [...normalised].sort();
}

function normaliseValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return Math.round(value * 1e6) / 1e6;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1e6) / 1e6;
  return value;
}
