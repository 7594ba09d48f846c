import { inspect } from 'node:util';

import { ConfigError, loadConfig, threadpoolSizeFromEnv } from './load-config';

const SERVICE_ENV = { DATABASE_URL: 'postgres://u@localhost/db', SECRET_KEY: 'x'.repeat(32) };

function problemsOf(env: NodeJS.ProcessEnv, mode: 'launcher' | 'service' = 'service'): string[] {
  try {
    loadConfig(env, mode);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('works with no environment at all in the launcher', () => {
    const config = loadConfig({}, 'launcher');
    expect(config.server.port).toBe(8080);
    expect(config.redis.url).toBe('redis://127.0.0.1:6379');
    expect(config.database.url).toBeUndefined();
    expect(config.dataDir).toMatch(/\.quarry$/);
    expect(config.server.siteUrl).toBe('http://localhost:8080');
  });

  it('names the variable holding a bad value', () => {
    expect(problemsOf({ ...SERVICE_ENV, PORT: 'eighty' }).join()).toMatch(/PORT/);
    expect(problemsOf({ ...SERVICE_ENV, LOG_LEVEL: 'loud' }).join()).toMatch(/LOG_LEVEL must be one of/);
    expect(problemsOf({ ...SERVICE_ENV, REDIS_URL: 'localhost:6379' }).join()).toMatch(/REDIS_URL/);
    expect(problemsOf({ ...SERVICE_ENV, SECRET_KEY: 'short' }).join()).toMatch(/SECRET_KEY must be at least 32/);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ ...SERVICE_ENV, PORT: '99999', WORKER_CONCURRENCY: '0' });
    expect(problems).toHaveLength(2);
  });

  it('requires a database and secret key for API and worker processes', () => {
    expect(problemsOf({}).join()).toMatch(/DATABASE_URL is required/);
    expect(problemsOf({ DATABASE_URL: SERVICE_ENV.DATABASE_URL }).join()).toMatch(/SECRET_KEY is required/);
  });

  it('treats empty values as unset and converts numbers', () => {
    const config = loadConfig({ ...SERVICE_ENV, PORT: '', WORKER_CONCURRENCY: '4', SITE_URL: 'https://bi.example.com/' });
    expect(config.server.port).toBe(8080);
    expect(config.worker.concurrency).toBe(4);
    expect(config.server.siteUrl).toBe('https://bi.example.com');
  });

  describe('bounded work per request and per user (issue 31)', () => {
    it('defaults every cap to a safe value, and reads each from its variable', () => {
      const config = loadConfig(SERVICE_ENV);
      expect([config.http, config.exports, config.threadpoolSize]).toEqual([
        { bodyLimitBytes: 1024 * 1024, projectBodyLimitBytes: 50 * 1024 * 1024 },
        { maxCells: 0, maxRows: 10_000_000, maxBytes: 1024 * 1024 * 1024 },
        12,
      ]);
      expect(config.query).toMatchObject({ maxConcurrentPerUser: 2, maxQueuedPerUser: 32, duckDbMaxConcurrent: 8 });
      const set = loadConfig({
        ...SERVICE_ENV,
        HTTP_BODY_LIMIT_MB: '2',
        EXPORT_MAX_BYTES: '0',
        EXPORT_MAX_ROWS: '5',
        QUERY_MAX_CONCURRENT_PER_USER: '1',
        QUERY_MAX_QUEUED_PER_USER: '0',
        DUCKDB_MAX_CONCURRENT_QUERIES: '2',
      });
      expect([set.http.bodyLimitBytes, set.exports.maxBytes, set.exports.maxRows, set.threadpoolSize]).toEqual([2 * 1024 * 1024, 0, 5, 6]);
      expect(set.query).toMatchObject({ maxConcurrentPerUser: 1, maxQueuedPerUser: 0, duckDbMaxConcurrent: 2 });
    });

    it('sizes the API thread pool for its DuckDB queries before the configuration is read, and names bad values', () => {
      expect(threadpoolSizeFromEnv({})).toBe(12);
      expect(threadpoolSizeFromEnv({ DUCKDB_MAX_CONCURRENT_QUERIES: '20' })).toBe(24);
      expect(threadpoolSizeFromEnv({ UV_THREADPOOL_SIZE: '64', DUCKDB_MAX_CONCURRENT_QUERIES: '20' })).toBe(64);
      expect(threadpoolSizeFromEnv({ UV_THREADPOOL_SIZE: 'lots' })).toBe(12);
      expect(problemsOf({ ...SERVICE_ENV, UV_THREADPOOL_SIZE: 'lots', QUERY_MAX_CONCURRENT_PER_USER: '0' }).join()).toMatch(
        /UV_THREADPOOL_SIZE.*QUERY_MAX_CONCURRENT_PER_USER|QUERY_MAX_CONCURRENT_PER_USER.*UV_THREADPOOL_SIZE/,
      );
    });
  });

  describe('embedded DuckDB limits', () => {
    it('keeps the worker small, growing to a gigabyte only for a query that needs it, and leaves the API DuckDB a fixed gigabyte, unless set', () => {
      expect(loadConfig(SERVICE_ENV, 'service', 'worker').duckdb).toEqual({ memoryLimit: '48MB', memoryLimitMax: '1GB', threads: 1 });
      expect(loadConfig(SERVICE_ENV, 'service', 'api').duckdb).toEqual({ memoryLimit: '1GB', memoryLimitMax: '1GB', threads: undefined });
      expect(loadConfig({ ...SERVICE_ENV, DUCKDB_MEMORY_LIMIT: '2GB', DUCKDB_THREADS: '4' }, 'service', 'worker').duckdb).toEqual({
        memoryLimit: '2GB',
        memoryLimitMax: '2GB',
        threads: 4,
      });
      expect(
        loadConfig({ ...SERVICE_ENV, DUCKDB_MEMORY_LIMIT: '128MiB', DUCKDB_MEMORY_LIMIT_MAX: '4GB' }, 'service', 'api').duckdb,
      ).toEqual({ memoryLimit: '128MiB', memoryLimitMax: '4GB', threads: undefined });
    });

    it('runs rollup queries on one DuckDB thread unless PRE_AGGREGATE_THREADS says otherwise, and names a bad count', () => {
      expect(loadConfig(SERVICE_ENV, 'service', 'api').preAggregates.threads).toBe(1);
      expect(loadConfig({ ...SERVICE_ENV, PRE_AGGREGATE_THREADS: '3' }, 'service', 'api').preAggregates.threads).toBe(3);
      expect(problemsOf({ ...SERVICE_ENV, PRE_AGGREGATE_THREADS: '0' })).toEqual([expect.stringMatching(/^PRE_AGGREGATE_THREADS/)]);
    });

    it('names a bad size or thread count, and a ceiling below the budget', () => {
      expect(problemsOf({ ...SERVICE_ENV, DUCKDB_MEMORY_LIMIT: 'lots', DUCKDB_MEMORY_LIMIT_MAX: '1 lot', DUCKDB_THREADS: '0' })).toEqual([
        'DUCKDB_MEMORY_LIMIT must be a size such as 64MB or 2GB',
        'DUCKDB_MEMORY_LIMIT_MAX must be a size such as 1GB',
        expect.stringMatching(/^DUCKDB_THREADS/),
      ]);
      expect(problemsOf({ ...SERVICE_ENV, DUCKDB_MEMORY_LIMIT_MAX: '512MB' })).toEqual([
        'DUCKDB_MEMORY_LIMIT_MAX (512MB) must be at least DUCKDB_MEMORY_LIMIT (1GB)',
      ]);
      expect(problemsOf({ ...SERVICE_ENV, DUCKDB_MEMORY_LIMIT: '256MB', DUCKDB_MEMORY_LIMIT_MAX: '0.256GB' })).toEqual([]);
    });
  });

  describe('S3 storage for export files', () => {
    const S3_ENV = {
      S3_BUCKET: 'quarry-exports',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
    };

    it('is off with no S3 variable, and on with a bucket and region, defaults filled in', () => {
      expect(loadConfig(SERVICE_ENV).s3).toBeUndefined();
      const config = loadConfig({ ...SERVICE_ENV, ...S3_ENV, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' });
      expect(config.s3).toMatchObject({
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-1',
        bucket: 'quarry-exports',
        forcePathStyle: true,
        urlExpiresSeconds: 259_200,
      });
      expect(config.s3?.credentials).toMatchObject({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-value' });
      expect(
        loadConfig({ ...SERVICE_ENV, S3_BUCKET: 'quarry-exports', S3_REGION: 'us-east-1', S3_URL_EXPIRES_SECONDS: '3600' }).s3,
      ).toMatchObject({ endpoint: undefined, credentials: undefined, forcePathStyle: false, urlExpiresSeconds: 3600 });
    });

    it('refuses a partial configuration, naming what is missing', () => {
      expect(problemsOf({ ...SERVICE_ENV, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
        'S3_BUCKET is required when S3_ENDPOINT is set',
        expect.stringMatching(/^S3_REGION is required when S3_ENDPOINT is set/),
      ]);
      expect(problemsOf({ ...SERVICE_ENV, S3_BUCKET: 'quarry-exports' })).toEqual([
        expect.stringMatching(/^S3_REGION is required when S3_BUCKET is set/),
      ]);
      expect(problemsOf({ ...SERVICE_ENV, ...S3_ENV, S3_SECRET_ACCESS_KEY: '' })).toEqual([
        'S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set',
      ]);
      expect(problemsOf({ ...SERVICE_ENV, ...S3_ENV, S3_ACCESS_KEY_ID: undefined })).toEqual([
        'S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set',
      ]);
    });

    it('names each bad S3 value without quoting it', () => {
      const problems = problemsOf({
        ...SERVICE_ENV,
        ...S3_ENV,
        S3_BUCKET: 'No_Such Bucket',
        S3_ENDPOINT: 'minio:9000',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_URL_EXPIRES_SECONDS: String(8 * 24 * 3600),
        S3_SECRET_ACCESS_KEY: 'secret with spaces',
      });
      expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
        'S3_ENDPOINT',
        'S3_BUCKET',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
        'S3_URL_EXPIRES_SECONDS',
      ]);
      expect(problems.join('\n')).not.toContain('secret with spaces');
    });

    it('never serialises the secret key', () => {
      const config = loadConfig({ ...SERVICE_ENV, ...S3_ENV });
      expect(JSON.stringify(config)).not.toContain('very-secret-value');
      expect(JSON.stringify(config)).toContain('AKIAEXAMPLE');
      expect(inspect(config, { depth: 10 })).not.toContain('very-secret-value');
    });
  });

  it('puts links on the listen address without SITE_URL (never a request Host), localhost for a wildcard HOST', () => {
    expect(loadConfig({ ...SERVICE_ENV, PORT: '9000' }).server.siteUrl).toBe('http://localhost:9000');
    expect(loadConfig({ ...SERVICE_ENV, PORT: '9000', HOST: '127.0.0.1' }).server.siteUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ ...SERVICE_ENV, PORT: '9000', HOST: '::1' }).server.siteUrl).toBe('http://[::1]:9000');
    expect(loadConfig({ ...SERVICE_ENV, PORT: '9000', HOST: '::' }).server.siteUrl).toBe('http://localhost:9000');
    expect(loadConfig({ ...SERVICE_ENV, HOST: '127.0.0.1', SITE_URL: 'https://bi.example.com/' }).server).toMatchObject({
      siteUrl: 'https://bi.example.com',
      siteUrlSet: true,
    });
  });

  it('refuses non-public outbound hosts by default; OUTBOUND_ALLOWED_HOSTS and ALLOW_PRIVATE_NETWORK_HOSTS allow them', () => {
    expect(loadConfig(SERVICE_ENV).outbound).toEqual({ allowPrivateNetwork: false, allowedHosts: [] });
    expect(
      loadConfig({ ...SERVICE_ENV, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,db.internal,10.0.0.0/8', ALLOW_PRIVATE_NETWORK_HOSTS: 'true' })
        .outbound,
    ).toEqual({
      allowPrivateNetwork: true,
      allowedHosts: ['127.0.0.1', 'db.internal', '10.0.0.0/8'],
    });
    expect(problemsOf({ ...SERVICE_ENV, OUTBOUND_ALLOWED_HOSTS: 'a, b' })).toEqual([expect.stringContaining('OUTBOUND_ALLOWED_HOSTS')]);
    expect(problemsOf({ ...SERVICE_ENV, ALLOW_PRIVATE_NETWORK_HOSTS: 'yes' })).toEqual([
      expect.stringContaining('ALLOW_PRIVATE_NETWORK_HOSTS'),
    ]);
  });
});
