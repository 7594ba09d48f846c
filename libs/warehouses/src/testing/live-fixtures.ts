// Helpers for this library's live tests (excluded from the library build).
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { isQuarryError } from '@quarry/domain';

import type { PostgresConnectionConfig } from '../connections/postgres-connection';

/** A connection config for a test database URL (postgres://user@host:port/name, trust auth). */
export function postgresConfigFor(url: string, overrides: Partial<PostgresConnectionConfig> = {}): PostgresConnectionConfig {
  const parsed = new URL(url);
  return {
    type: 'postgres',
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username || 'postgres'),
    password: decodeURIComponent(parsed.password),
    dbname: parsed.pathname.slice(1),
    schema: 'public',
    sslmode: 'disable',
    ...overrides,
  };
}

/** A TCP port nothing listens on (bound once by us, then released). */
export async function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** The settled failure of a promise, for asserting on error name and data. */
export async function failureOf(
  work: Promise<unknown> | (() => Promise<unknown>),
): Promise<{ name: string; message: string; data: Record<string, unknown> }> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    if (isQuarryError(error)) return { name: error.name, message: error.message, data: error.data };
    throw error;
  }
  throw new Error('Expected the operation to fail, but it succeeded');
}

/** Collects a stream's batches. */
export async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const collected: T[][] = [];
  for await (const batch of batches) collected.push(batch);
  return collected;
}
