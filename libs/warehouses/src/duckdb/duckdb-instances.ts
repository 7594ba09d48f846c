import { mkdir } from 'node:fs/promises';

import { DuckDBInstance } from '@duckdb/node-api';

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
  /** Undefined: one per core. */
  threads?: number | undefined;
  /** Where sorts, joins and aggregates larger than memoryLimit spill: required for read-only files. */
  tempDirectory: string;
}

/** The options a file is opened with: read-only, sandboxed, and within the process's limits. */
export function duckDbOpenOptions(limits: DuckDbLimits): Record<string, string> {
  // Set in this order: once external access is off, DuckDB refuses a temp_directory.
  return {
    temp_directory: limits.tempDirectory,
    ...(limits.memoryLimit === undefined ? {} : { memory_limit: limits.memoryLimit }),
    ...(limits.threads === undefined ? {} : { threads: String(limits.threads) }),
    ...READ_ONLY_DUCKDB_OPTIONS,
  };
}

/**
 * One DuckDBInstance per file per process: DuckDB refuses a second instance of a file with other
 * options, and sharing one keeps its buffer cache. Keyed by real path.
 */
const instances = new Map<string, Promise<DuckDBInstance>>();

export function readOnlyDuckDbInstance(realPath: string, limits: DuckDbLimits): Promise<DuckDBInstance> {
  const cached = instances.get(realPath);
  if (cached) return cached;
  // DuckDB creates only the last folder of its temp directory, when it first spills.
  const opening = mkdir(limits.tempDirectory, { recursive: true }).then(() => DuckDBInstance.create(realPath, duckDbOpenOptions(limits)));
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
    const instance = await opening?.catch(() => undefined);
    instance?.closeSync();
  }
}
