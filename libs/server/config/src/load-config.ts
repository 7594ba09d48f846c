import { resolve } from 'node:path';

import { duckDbSizeBytes, isDuckDbSize } from '@quarry/domain';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

import { type AppConfigValues, S3Credentials, type S3Settings } from './app-config';
import { EnvDto } from './env.dto';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `service`: an API or worker process, which needs a database and a secret key handed to it. */
export type ConfigMode = 'launcher' | 'service';

/** Which process reads the configuration: some defaults differ. */
export type ProcessRole = 'api' | 'worker' | 'cli';

/**
 * The embedded DuckDB runs inside the process. The worker streams exports of any size beside its
 * other jobs, so its DuckDB works in a small budget (sorts of a 10M-row export spill to
 * DATA_DIR/tmp instead of taking a gigabyte) and grows only for a query that cannot run in it
 * (a wide sort, two exports at once); the API answers interactive queries, capped at
 * QUERY_MAX_LIMIT rows, within a fixed gigabyte.
 */
/**
 * Rollups are small by construction, so one query gains little from a second thread, while the
 * API answers many at once (each on its own libuv thread). Measured on 2 cores (bench dashboard
 * query, 46k-row rollup, 3,000 runs): the DuckDB part took 1.96–2.10 ms with 1 thread against
 * 2.5–2.9 ms with 2, whose second thread waits on a core the API's JavaScript and GC also use.
 */
export const PRE_AGGREGATE_THREADS = 1;
/** Projects whose rollup sandboxes a process keeps open: each holds an in-memory DuckDB (idle: a few MB). */
export const PRE_AGGREGATE_SANDBOXES = 8;

export const DUCKDB_DEFAULTS: Readonly<
  Record<ProcessRole, { memoryLimit: string; memoryLimitMax: string | undefined; threads: number | undefined }>
> = {
  api: { memoryLimit: '1GB', memoryLimitMax: undefined, threads: undefined },
  // 48MB: the bench's export sort (every event, 9.7M rows, 8 columns) runs in it (it fails at 40MB,
  // runs at 44MB); an export's peak is the idle worker plus about this much (measured: + ≈ 60 MB).
  worker: { memoryLimit: '48MB', memoryLimitMax: '1GB', threads: 1 },
  cli: { memoryLimit: '1GB', memoryLimitMax: undefined, threads: undefined },
};

function describe(error: ValidationError): string[] {
  return Object.values(error.constraints ?? {}).map((message) =>
    message.startsWith(error.property) ? message : `${error.property}: ${message}`,
  );
}

/** Empty strings mean "unset": compose files and shells often export VAR= for nothing. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, mode: ConfigMode = 'service', role: ProcessRole = 'api'): AppConfigValues {
  const dto = plainToInstance(EnvDto, withoutEmpty(env), { enableImplicitConversion: false });
  const problems = validateSync(dto, { skipMissingProperties: false }).flatMap(describe);

  if (mode === 'service' && !dto.DATABASE_URL) {
    problems.push('DATABASE_URL is required: run `npm start` to use the embedded PostgreSQL, or point it at yours');
  }
  if (dto.DATABASE_URL && !dto.SECRET_KEY) {
    problems.push('SECRET_KEY is required when DATABASE_URL is set (at least 32 characters; it encrypts stored credentials)');
  }
  problems.push(...s3Problems(dto), ...duckDbProblems(dto, role), ...sqlApiProblems(dto));
  if (problems.length > 0) throw new ConfigError(problems);

  const port = dto.PORT ?? 8080;
  const dataDir = resolve(dto.DATA_DIR ?? '.quarry');
  return {
    server: {
      port,
      host: dto.HOST ?? '0.0.0.0',
      siteUrl: (dto.SITE_URL ?? listenUrl(dto.HOST, port)).replace(/\/+$/, ''),
      siteUrlSet: dto.SITE_URL !== undefined,
    },
    database: { url: dto.DATABASE_URL },
    redis: { url: dto.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: dto.QUEUE_PREFIX ?? 'quarry' },
    dataDir,
    secretKey: dto.SECRET_KEY,
    log: { level: dto.LOG_LEVEL ?? 'info' },
    maintenance: {
      intervalMs: (dto.MAINTENANCE_INTERVAL_MINUTES ?? 60) * 60_000,
      fileRetentionMs: (dto.FILE_RETENTION_HOURS ?? 24) * 3_600_000,
    },
    worker: { concurrency: dto.WORKER_CONCURRENCY ?? 2 },
    exports: {
      maxCells: dto.EXPORT_MAX_CELLS ?? 0,
      maxRows: dto.EXPORT_MAX_ROWS ?? EXPORT_DEFAULTS.maxRows,
      maxBytes: dto.EXPORT_MAX_BYTES ?? EXPORT_DEFAULTS.maxBytes,
    },
    http: { bodyLimitBytes: (dto.HTTP_BODY_LIMIT_MB ?? 1) * MIB, projectBodyLimitBytes: (dto.PROJECT_BODY_LIMIT_MB ?? 50) * MIB },
    threadpoolSize: threadpoolSize(dto),
    preAggregates: {
      fileGraceMs: (dto.PRE_AGGREGATE_FILE_GRACE_SECONDS ?? 300) * 1000,
      threads: dto.PRE_AGGREGATE_THREADS ?? PRE_AGGREGATE_THREADS,
      sandboxes: dto.PRE_AGGREGATE_SANDBOXES ?? PRE_AGGREGATE_SANDBOXES,
    },
    duckdb: duckDbSettings(dto, role),
    s3: s3Settings(dto),
    query: {
      maxLimit: dto.QUERY_MAX_LIMIT ?? 5000,
      defaultLimit: Math.min(dto.QUERY_DEFAULT_LIMIT ?? 500, dto.QUERY_MAX_LIMIT ?? 5000),
      cacheTtlSeconds: dto.RESULTS_CACHE_TTL_SECONDS ?? 3600,
      maxPageSize: dto.QUERY_MAX_PAGE_SIZE ?? 5000,
      resultsTtlSeconds: dto.QUERY_RESULTS_TTL_SECONDS ?? 3600,
      pivotMaxColumns: dto.PIVOT_MAX_COLUMNS ?? 60,
      timeoutMs: (dto.QUERY_TIMEOUT_SECONDS ?? 300) * 1000,
      readyWaitMs: dto.QUERY_READY_WAIT_MS ?? 100,
      maxConcurrentPerUser: dto.QUERY_MAX_CONCURRENT_PER_USER ?? QUERY_SLOT_DEFAULTS.perUser,
      maxQueuedPerUser: dto.QUERY_MAX_QUEUED_PER_USER ?? QUERY_SLOT_DEFAULTS.queuedPerUser,
      duckDbMaxConcurrent: dto.DUCKDB_MAX_CONCURRENT_QUERIES ?? QUERY_SLOT_DEFAULTS.duckDb,
    },
    accessCache: { ttlMs: dto.ACCESS_CACHE_TTL_MS ?? 60_000, pollMs: dto.ACCESS_CHANGES_POLL_MS ?? 250 },
    demo: { scale: dto.DEMO_SCALE ?? 1 },
    sqlApi: {
      port: dto.SQL_API_PORT,
      // 1 MiB: far above any statement with its bound values, far below what would hurt the process.
      maxMessageBytes: dto.SQL_API_MAX_MESSAGE_BYTES ?? 1024 * 1024,
      tls:
        dto.SQL_API_TLS_CERT && dto.SQL_API_TLS_KEY
          ? { certFile: resolve(dto.SQL_API_TLS_CERT), keyFile: resolve(dto.SQL_API_TLS_KEY) }
          : undefined,
    },
    outbound: {
      allowPrivateNetwork: dto.ALLOW_PRIVATE_NETWORK_HOSTS === 'true',
      allowedHosts: (dto.OUTBOUND_ALLOWED_HOSTS ?? '').split(',').filter(Boolean),
    },
    transform: {
      // Beside each organization's own folder of DATA_DIR (always allowed, to that organization only).
      localRoots: (dto.TRANSFORM_LOCAL_ROOTS ?? '')
        .split(',')
        .filter(Boolean)
        .map((root) => resolve(root)),
    },
  };
}

/**
 * Without SITE_URL, links the API hands out (export downloads) are on the address it is configured
 * to listen on: HOST when it names one address, else localhost. Never the request's Host header,
 * which the caller (or anything between) chooses.
 */
export function listenUrl(host: string | undefined, port: number): string {
  if (host === undefined || host === '0.0.0.0' || host === '::' || host === '[::]') return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

const MIB = 1024 * 1024;

/**
 * One user's queries on an API process: 2 at once, 32 more waiting (a dashboard's tiles queue up
 * and load two by two). Each running embedded DuckDB query keeps a thread busy on the API's cores:
 * with 4 at once from one user (2 cores), the event loop got a fifth of a core and another user's
 * small query waited seconds. The embedded DuckDB runs 8 queries at once over all users: each
 * holds a libuv thread while it runs (@duckdb/node-api works through N-API async work), so with
 * libuv's default of 4 threads, four long queries stalled every other DuckDB query, file read and
 * DNS lookup of the API.
 */
export const QUERY_SLOT_DEFAULTS = { perUser: 2, queuedPerUser: 32, duckDb: 8 } as const;

/** Threads libuv keeps free of DuckDB queries, for the file system, DNS, crypto and zlib: its own default. */
export const THREADPOOL_RESERVE = 4;

/**
 * Export caps: 1 GiB protects the disk (one request wrote 286 MiB with no cap, and files stay
 * FILE_RETENTION_HOURS); 10M rows lets the bench's 9.7M-row export of every event through.
 */
export const EXPORT_DEFAULTS = { maxBytes: 1024 * MIB, maxRows: 10_000_000 } as const;

function threadpoolSize(dto: EnvDto): number {
  return dto.UV_THREADPOOL_SIZE ?? (dto.DUCKDB_MAX_CONCURRENT_QUERIES ?? QUERY_SLOT_DEFAULTS.duckDb) + THREADPOOL_RESERVE;
}

/**
 * The API's libuv pool size, read before the configuration is (libuv sizes its pool on first
 * use, so the API sets it first thing): the same value `threadpoolSize` gives once the variables
 * are valid; while they are not, the default (loadConfig then fails naming them).
 */
export function threadpoolSizeFromEnv(env: NodeJS.ProcessEnv): number {
  const whole = (name: string, max: number): number | undefined => {
    const value = Number(env[name]);
    return env[name] && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
  };
  return (
    whole('UV_THREADPOOL_SIZE', 1024) ?? (whole('DUCKDB_MAX_CONCURRENT_QUERIES', 1024) ?? QUERY_SLOT_DEFAULTS.duckDb) + THREADPOOL_RESERVE
  );
}

function duckDbSettings(dto: EnvDto, role: ProcessRole): AppConfigValues['duckdb'] {
  const defaults = DUCKDB_DEFAULTS[role];
  const memoryLimit = dto.DUCKDB_MEMORY_LIMIT ?? defaults.memoryLimit;
  // A budget set above the default ceiling is not capped by it: the ceiling is then the budget.
  const defaultMax =
    defaults.memoryLimitMax !== undefined && duckDbSizeBytes(defaults.memoryLimitMax) > duckDbSizeBytes(memoryLimit)
      ? defaults.memoryLimitMax
      : memoryLimit;
  return { memoryLimit, memoryLimitMax: dto.DUCKDB_MEMORY_LIMIT_MAX ?? defaultMax, threads: dto.DUCKDB_THREADS ?? defaults.threads };
}

/** A ceiling below the budget would quietly mean "never grow": say so instead. Sizes were checked by the DTO. */
function duckDbProblems(dto: EnvDto, role: ProcessRole): string[] {
  if (dto.DUCKDB_MEMORY_LIMIT_MAX === undefined || !isDuckDbSize(dto.DUCKDB_MEMORY_LIMIT_MAX)) return [];
  const memoryLimit = dto.DUCKDB_MEMORY_LIMIT ?? DUCKDB_DEFAULTS[role].memoryLimit;
  if (!isDuckDbSize(memoryLimit) || duckDbSizeBytes(dto.DUCKDB_MEMORY_LIMIT_MAX) >= duckDbSizeBytes(memoryLimit)) return [];
  return [`DUCKDB_MEMORY_LIMIT_MAX (${dto.DUCKDB_MEMORY_LIMIT_MAX}) must be at least DUCKDB_MEMORY_LIMIT (${memoryLimit})`];
}

/** A certificate without its key (or the reverse) would quietly serve no TLS: name the missing one. */
function sqlApiProblems(dto: EnvDto): string[] {
  if (dto.SQL_API_TLS_CERT !== undefined && dto.SQL_API_TLS_KEY === undefined)
    return ['SQL_API_TLS_KEY is required when SQL_API_TLS_CERT is set'];
  if (dto.SQL_API_TLS_KEY !== undefined && dto.SQL_API_TLS_CERT === undefined)
    return ['SQL_API_TLS_CERT is required when SQL_API_TLS_KEY is set'];
  return [];
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_URL_EXPIRES_SECONDS',
] as const;

/** Pre-signed URLs live 3 days by default, as in the reference. */
const DEFAULT_S3_URL_EXPIRES_SECONDS = 3 * 24 * 3600;

/** A half-configured S3 would silently keep files on local disk, or fail every export: name what is missing. */
function s3Problems(dto: EnvDto): string[] {
  const set = S3_VARIABLES.filter((name) => dto[name] !== undefined);
  if (set.length === 0) return [];
  const problems: string[] = [];
  const others = (name: string) => set.filter((other) => other !== name).join(', ');
  if (dto.S3_BUCKET === undefined)
    problems.push(`S3_BUCKET is required when ${others('S3_BUCKET')} ${set.length === 1 ? 'is' : 'are'} set`);
  if (dto.S3_REGION === undefined)
    problems.push(
      `S3_REGION is required when ${others('S3_REGION')} ${set.length === 1 ? 'is' : 'are'} set ` +
        `(any region name for an S3-compatible server, e.g. us-east-1)`,
    );
  if (dto.S3_ACCESS_KEY_ID !== undefined && dto.S3_SECRET_ACCESS_KEY === undefined)
    problems.push('S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set');
  if (dto.S3_SECRET_ACCESS_KEY !== undefined && dto.S3_ACCESS_KEY_ID === undefined)
    problems.push('S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set');
  return problems;
}

function s3Settings(dto: EnvDto): S3Settings | undefined {
  if (dto.S3_BUCKET === undefined || dto.S3_REGION === undefined) return undefined;
  return {
    endpoint: dto.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: dto.S3_REGION,
    bucket: dto.S3_BUCKET,
    credentials:
      dto.S3_ACCESS_KEY_ID && dto.S3_SECRET_ACCESS_KEY ? new S3Credentials(dto.S3_ACCESS_KEY_ID, dto.S3_SECRET_ACCESS_KEY) : undefined,
    forcePathStyle: dto.S3_FORCE_PATH_STYLE === 'true',
    urlExpiresSeconds: dto.S3_URL_EXPIRES_SECONDS ?? DEFAULT_S3_URL_EXPIRES_SECONDS,
  };
}
