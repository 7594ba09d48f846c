import { mkdir } from 'node:fs/promises';

import { DuckDBInstance } from '@duckdb/node-api';
import { duckDbSizeBytes } from '@quarry/domain';

import { quoteStringLiteral } from '../sql/sql-literals';
import { DuckDbConnectionPool } from './duckdb-connection-pool';
import { DuckDbMemoryLimit } from './duckdb-memory-limit';

/**
 * How every warehouse DuckDB file is opened (architecture clarification 7): read-only, since the
 * files are generated first and API and worker only read them; no file system or network access
 * from SQL (`read_csv('/etc/passwd')`, ATTACH, COPY … TO, extension downloads all fail). Neither
 * setting can be switched back on by a query while the database is open.
 */
export const READ_ONLY_DUCKDB_OPTIONS: Readonly<Record<string, string>> = {
  access_mode: 'READ_ONLY',
  enable_external_access: 'false',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
};

/** Limits of the embedded engine, the same for every file a process opens. */
export interface DuckDbLimits {
  /** DuckDB size text (`64MB`); undefined: DuckDB's default, 80% of RAM. */
  memoryLimit?: string | undefined;
  /** What a query that runs out of memoryLimit may be given (see DuckDbMemoryLimit); undefined: memoryLimit, no growth. */
  memoryLimitMax?: string | undefined;
  /** Undefined: one per core. */
  threads?: number | undefined;
  /** Where sorts, joins and aggregates larger than memoryLimit spill: required for read-only files. */
  tempDirectory: string;
  /** The one directory `COPY … TO` may write into (native CSV exports); undefined: none. */
  copyDirectory?: string | undefined;
}

/** The options a file is opened with: read-only, sandboxed, and within the process's limits. */
export function duckDbOpenOptions(limits: DuckDbLimits): Record<string, string> {
  // Set in this order: once external access is off, DuckDB refuses a temp_directory.
  return {
    temp_directory: limits.tempDirectory,
    ...(limits.memoryLimit === undefined ? {} : { memory_limit: limits.memoryLimit }),
    ...(limits.threads === undefined ? {} : { threads: String(limits.threads) }),
    // Without a purging thread, DuckDB's allocator keeps the pages a large sort freed: measured on
    // a 1M-row sorted export, the process stayed ≈ 90 MB above idle after each query, and the next
    // query's working memory came on top of that. With it, RSS falls back to within ≈ 20 MB of idle.
    allocator_background_threads: 'true',
    ...READ_ONLY_DUCKDB_OPTIONS,
  };
}

/** An open file, with the memory limit its queries share and the connections they reuse. */
export interface OpenDuckDb {
  instance: DuckDBInstance;
  memory: DuckDbMemoryLimit;
  pool: DuckDbConnectionPool;
}

/**
 * Opens the file sandboxed but for one directory COPY may write to. DuckDB takes
 * allowed_directories only as a statement, and only while external access is on: the instance
 * opens with it on, is given the directory, and turns it off before any query can run — after
 * which neither setting can change again.
 */
async function createInstance(realPath: string, limits: DuckDbLimits): Promise<DuckDBInstance> {
  const options = duckDbOpenOptions(limits);
  if (limits.copyDirectory === undefined) return DuckDBInstance.create(realPath, options);
  await mkdir(limits.copyDirectory, { recursive: true });
  const { enable_external_access: _, ...beforeSandbox } = options;
  const instance = await DuckDBInstance.create(realPath, beforeSandbox);
  try {
    const connection = await instance.connect();
    try {
      await connection.run(
        `SET GLOBAL allowed_directories = [${quoteStringLiteral(`${limits.copyDirectory}/`, { backslashEscapes: false })}]`,
      );
      await connection.run('SET GLOBAL enable_external_access = false');
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  return instance;
}

async function openDuckDb(realPath: string, limits: DuckDbLimits): Promise<OpenDuckDb> {
  // DuckDB creates only the last folder of its temp directory, when it first spills.
  await mkdir(limits.tempDirectory, { recursive: true });
  const instance = await createInstance(realPath, limits);
  const pool = new DuckDbConnectionPool(instance);
  if (limits.memoryLimit === undefined) return { instance, memory: DuckDbMemoryLimit.unlimited(), pool };
  const budget = duckDbSizeBytes(limits.memoryLimit);
  const ceiling = limits.memoryLimitMax === undefined ? budget : Math.max(budget, duckDbSizeBytes(limits.memoryLimitMax));
  return { instance, memory: new DuckDbMemoryLimit(instance, budget, ceiling), pool };
}

/**
 * One DuckDBInstance per file per process: DuckDB refuses a second instance of a file with other
 * options, and sharing one keeps its buffer cache. Keyed by real path.
 */
const instances = new Map<string, Promise<OpenDuckDb>>();

export function readOnlyDuckDb(realPath: string, limits: DuckDbLimits): Promise<OpenDuckDb> {
  const cached = instances.get(realPath);
  if (cached) return cached;
  const opening = openDuckDb(realPath, limits);
  instances.set(realPath, opening);
  opening.catch(() => {
    if (instances.get(realPath) === opening) instances.delete(realPath);
  });
  return opening;
}

/**
 * Closes the cached instance of a file (e.g. before the file is regenerated), or of every file.
 * Queries still running on it fail; call it when none are.
 */
export async function closeDuckDbInstances(realPath?: string): Promise<void> {
  const paths = realPath === undefined ? [...instances.keys()] : [realPath];
  for (const path of paths) {
    const opening = instances.get(path);
    instances.delete(path);
    const open = await opening?.catch(() => undefined);
    open?.pool.close();
    open?.instance.closeSync();
  }
}
