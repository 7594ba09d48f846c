/**
 * The worker's V8 heap cap, given to it through NODE_OPTIONS unless the environment sets its own.
 * Exports turn millions of rows into short-lived objects; on a large machine V8 otherwise lets
 * that garbage grow the heap by hundreds of megabytes before collecting it, as if the worker had
 * gigabytes to spare. 256 MB of old space is what V8 would choose in a ~512 MB container; raise it
 * (NODE_OPTIONS=--max-old-space-size=1024) for transform manifests of hundreds of megabytes.
 */
export const WORKER_NODE_OPTIONS = '--max-old-space-size=256';

/**
 * The embedded DuckDB's allocator (jemalloc) in the worker: one arena. The worker's DuckDB runs one
 * thread, but each call lands on whichever libuv thread is free, and jemalloc gives each thread its
 * own arena: memory a sort freed on one thread was not reused by the next step on another, which
 * took fresh pages — a 1M-row export's RSS jumped by ≈ 60 MB in about one sort in three. With one
 * arena the same sorts showed no jump (bare DuckDB, 6 runs each).
 */
export const WORKER_DUCKDB_ALLOCATOR = 'narenas:1';

/** The environment to start a worker with: these defaults, for what the environment does not set. */
export function workerEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    NODE_OPTIONS: env['NODE_OPTIONS'] || WORKER_NODE_OPTIONS,
    DUCKDB_JE_MALLOC_CONF: env['DUCKDB_JE_MALLOC_CONF'] || WORKER_DUCKDB_ALLOCATOR,
  };
}
