/**
 * The worker's V8 settings, given to it through NODE_OPTIONS unless the environment sets its own.
 * Old space capped at 256 MB: exports through JS turn millions of rows into short-lived objects,
 * and on a large machine V8 otherwise lets that garbage grow the heap by hundreds of megabytes
 * (raise it, NODE_OPTIONS=--max-old-space-size=1024, for transform manifests of hundreds of MB).
 * Young generation at 1 MB per semi-space instead of V8's 16: the idle worker's heap was ≈ 30 MB
 * of empty nursery (measured: idle RSS 146 → 120 MB), which an export's peak stacks on top of.
 */
export const WORKER_NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=1';

/**
 * The embedded DuckDB's allocator (jemalloc) in the worker. One arena: the worker's DuckDB runs one
 * thread, but each call lands on whichever libuv thread is free, and jemalloc gives each thread its
 * own arena — memory a sort freed on one thread was not reused by the next step on another (an RSS
 * jump of ≈ 60 MB in about one sort in three). Freed pages returned at once (no decay): a sort
 * frees and reallocates blocks as it spills, and with jemalloc's default 10 s decay those freed
 * pages stayed resident on top of the ones in use — the export's peak over the idle process went
 * from ≈ 70 to ≈ 60 MB at a 48MB DuckDB limit, and RSS falls back near idle once it ends.
 */
export const WORKER_DUCKDB_ALLOCATOR = 'narenas:1,dirty_decay_ms:0,muzzy_decay_ms:0';

/**
 * glibc's malloc for the rest (Node, DuckDB's own containers): one arena instead of one per thread
 * (up to 8 per core), so the libuv threads an export runs on do not each keep a partly used arena
 * resident (measured on a 1M-row export's peak: ≈ 8 MB lower with two arenas, ≈ 2.5 MB lower again
 * with one). DuckDB's large blocks come from its own allocator, not from these.
 */
export const WORKER_MALLOC_ARENA_MAX = '1';

/** The environment to start a worker with: these defaults, for what the environment does not set. */
export function workerEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    NODE_OPTIONS: env['NODE_OPTIONS'] || WORKER_NODE_OPTIONS,
    DUCKDB_JE_MALLOC_CONF: env['DUCKDB_JE_MALLOC_CONF'] || WORKER_DUCKDB_ALLOCATOR,
    MALLOC_ARENA_MAX: env['MALLOC_ARENA_MAX'] || WORKER_MALLOC_ARENA_MAX,
  };
}
