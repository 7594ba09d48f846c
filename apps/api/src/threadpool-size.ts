import { threadpoolSizeFromEnv } from '@quarry/server/config';

/**
 * Imported first by main.ts: libuv reads UV_THREADPOOL_SIZE once, when the pool is first used.
 * Every embedded DuckDB query holds one of its threads while it runs; the API runs at most
 * DUCKDB_MAX_CONCURRENT_QUERIES of them, and the pool has room for those plus libuv's default 4,
 * so file reads, DNS lookups and crypto never wait behind long queries.
 */
process.env['UV_THREADPOOL_SIZE'] = String(threadpoolSizeFromEnv(process.env));
