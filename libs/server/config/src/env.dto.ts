import { DUCKDB_SIZE } from '@quarry/domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The environment Quarry reads, validated at boot. Every variable is optional so that
 * `npm start` works with none set; the defaults live in app-config.ts.
 */
export class EnvDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  @MinLength(1)
  HOST?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'SITE_URL must be an http(s) URL' })
  SITE_URL?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'QUEUE_PREFIX must be 1-64 letters, digits, _ . or -' })
  QUEUE_PREFIX?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  DATA_DIR?: string;

  @ValidateIf((env: EnvDto) => env.SECRET_KEY !== undefined)
  @IsString()
  @MinLength(32, { message: 'SECRET_KEY must be at least 32 characters' })
  @MaxLength(512)
  SECRET_KEY?: string;

  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: LogLevel;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(7 * 24 * 60)
  MAINTENANCE_INTERVAL_MINUTES?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 365)
  FILE_RETENTION_HOURS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  WORKER_CONCURRENCY?: number;

  /** The largest JSON request body, in MiB, on every route but project creation: parsing a body blocks the event loop */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1024)
  HTTP_BODY_LIMIT_MB?: number;

  /** The largest JSON body of project creation, in MiB, which may carry a whole transform manifest inline */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1024)
  PROJECT_BODY_LIMIT_MB?: number;

  /** Warehouse queries one user may run at once on an API process; more wait their turn */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  QUERY_MAX_CONCURRENT_PER_USER?: number;

  /** Queries one user may have waiting for a turn on an API process; past it, 429 with Retry-After */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1000)
  QUERY_MAX_QUEUED_PER_USER?: number;

  /**
   * Queries on the embedded DuckDB (warehouse files and rollups) an API process runs at once, all users together; each holds a libuv thread
   * while it runs
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1024)
  DUCKDB_MAX_CONCURRENT_QUERIES?: number;

  /** The largest `limit` a query may ask for */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  QUERY_MAX_LIMIT?: number;

  /** The rows a query returns when a client asks for no limit (SQL runner); published in /api/v1/health, at most QUERY_MAX_LIMIT */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  QUERY_DEFAULT_LIMIT?: number;

  /** How long query results stay in the Redis results cache; 0 turns the cache off */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(30 * 24 * 3600)
  RESULTS_CACHE_TTL_SECONDS?: number;

  /** The largest page a v2 query's results can be read in */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  QUERY_MAX_PAGE_SIZE?: number;

  /** How long a v2 query's results can be paged through */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(30 * 24 * 3600)
  QUERY_RESULTS_TTL_SECONDS?: number;

  /** The most value columns a pivoted v2 query returns */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  PIVOT_MAX_COLUMNS?: number;

  /** Wall-clock limit of one warehouse query, after which it is cancelled */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 3600)
  QUERY_TIMEOUT_SECONDS?: number;

  /**
   * How long executing a v2 query waits for it to finish before answering (a fast query is then ready on the first poll); 0: answer at once
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000)
  QUERY_READY_WAIT_MS?: number;

  /**
   * How long each process may keep tokens, project roles and projects; changes reach them sooner (Redis announcements, the access change
   * log). 0 turns the caches off
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  ACCESS_CACHE_TTL_MS?: number;

  /**
   * How often each process reads the access change log, which every change to tokens, users, memberships, groups and projects writes (SQL
   * included); 0: not read, ACCESS_CACHE_TTL_MS alone bounds changes not announced
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  ACCESS_CHANGES_POLL_MS?: number;

  /** How long a replaced pre-aggregate file stays on disk, so queries reading it when a new build was swapped in finish */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(7 * 24 * 3600)
  PRE_AGGREGATE_FILE_GRACE_SECONDS?: number;

  /** Threads of the DuckDB that answers queries from (and writes) rollups; one runs each query on the thread that started it */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(256)
  PRE_AGGREGATE_THREADS?: number;

  /** How many projects' rollup DuckDBs a process keeps open (one sandbox per project, least recently used closed first) */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  PRE_AGGREGATE_SANDBOXES?: number;

  /** Most bytes one export file holds, whole rows only; 0 means no cap. Cut exports say truncated */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  EXPORT_MAX_BYTES?: number;

  /** Most rows one export writes, whatever its csvLimit (null included); 0 means no cap. Cut exports say truncated */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  EXPORT_MAX_ROWS?: number;

  /** libuv's thread pool of the API process (DuckDB queries, file system, DNS, crypto); default DUCKDB_MAX_CONCURRENT_QUERIES + 4 */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1024)
  UV_THREADPOOL_SIZE?: number;

  /** Most cells (rows × columns) one export writes; 0 means no cap. Cut exports say truncated */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  EXPORT_MAX_CELLS?: number;

  /** Memory DuckDB may use for embedded warehouse files (`64MB`, `2GB`); sorts and aggregates spill to DATA_DIR/tmp beyond it */
  @IsOptional()
  @IsString()
  @Matches(DUCKDB_SIZE, { message: 'DUCKDB_MEMORY_LIMIT must be a size such as 64MB or 2GB' })
  DUCKDB_MEMORY_LIMIT?: string;

  /** What the embedded DuckDB's limit may grow to for a query that cannot run within DUCKDB_MEMORY_LIMIT */
  @IsOptional()
  @IsString()
  @Matches(DUCKDB_SIZE, { message: 'DUCKDB_MEMORY_LIMIT_MAX must be a size such as 1GB' })
  DUCKDB_MEMORY_LIMIT_MAX?: string;

  /** Threads DuckDB uses for embedded warehouse files */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(256)
  DUCKDB_THREADS?: number;

  /** The SQL API's port (PostgreSQL wire protocol); unset: no SQL API */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  SQL_API_PORT?: number;

  /** The largest protocol message (statement, bound values) a SQL API client may send, in bytes */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(1024 * 1024 * 1024)
  SQL_API_MAX_MESSAGE_BYTES?: number;

  /** PEM certificate file the SQL API offers to clients that ask for TLS (with SQL_API_TLS_KEY) */
  @IsOptional()
  @IsString()
  @MinLength(1)
  SQL_API_TLS_CERT?: string;

  /** PEM private key file of SQL_API_TLS_CERT */
  @IsOptional()
  @IsString()
  @MinLength(1)
  SQL_API_TLS_KEY?: string;

  /** Size of the demo dataset generated on first start: 1 ≈ 100k orders */
  @IsOptional()
  @Type(() => Number)
  @IsNumber()
  @Min(0.001)
  @Max(1000)
  DEMO_SCALE?: number;

  /**
   * Extra folders (comma-separated absolute paths) where any organization's `transform` projects may live, besides its own folder of
   * DATA_DIR (operator-trusted, shared by every organization; never inside DATA_DIR).
   */
  @IsOptional()
  @Matches(/^\/[^,]*(,\/[^,]*)*$/, { message: 'TRANSFORM_LOCAL_ROOTS must be comma-separated absolute paths' })
  TRANSFORM_LOCAL_ROOTS?: string;

  /**
   * Hosts that projects may connect to although they are loopback, private, link-local or otherwise
   * not public (warehouse hosts, git hosts, the cloud IDE API): comma-separated host names, IP
   * addresses or CIDR ranges (`127.0.0.1,warehouse.internal,10.1.0.0/16`); `*` allows every one.
   * Public addresses are always allowed.
   */
  @IsOptional()
  @Matches(/^[^\s,]+(,[^\s,]+)*$/, { message: 'OUTBOUND_ALLOWED_HOSTS must be comma-separated host names, IP addresses or CIDR ranges' })
  OUTBOUND_ALLOWED_HOSTS?: string;

  /** Lets projects connect to any non-public address (a deployment whose warehouses all live on a private network) */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'ALLOW_PRIVATE_NETWORK_HOSTS must be true or false' })
  ALLOW_PRIVATE_NETWORK_HOSTS?: string;

  // S3-compatible storage for export files and pre-aggregate rollups; all off unless S3_BUCKET is set (see load-config.ts).
  // Messages never quote a value: S3_SECRET_ACCESS_KEY must not reach a log.

  /** Endpoint of an S3-compatible server (MinIO, R2, …); unset for AWS S3 itself */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^[a-z0-9-]{1,64}$/, { message: 'S3_REGION must be a region name such as eu-west-1 (lower-case letters, digits and -)' })
  S3_REGION?: string;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, . or -' })
  S3_BUCKET?: string;

  @IsOptional()
  @Matches(/^\S{1,256}$/, { message: 'S3_ACCESS_KEY_ID must be 1-256 characters without spaces' })
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @Matches(/^\S{1,512}$/, { message: 'S3_SECRET_ACCESS_KEY must be 1-512 characters without spaces' })
  S3_SECRET_ACCESS_KEY?: string;

  /** Path-style URLs (endpoint/bucket/key) instead of virtual-hosted ones (bucket.endpoint/key) */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
  S3_FORCE_PATH_STYLE?: string;

  /** Lifetime of an export's pre-signed download URL; SigV4 allows at most 7 days */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(7 * 24 * 3600)
  S3_URL_EXPIRES_SECONDS?: number;
}
