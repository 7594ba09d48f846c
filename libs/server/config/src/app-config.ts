import { inspect } from 'node:util';

import type { LogLevel } from './env.dto';

/** S3 keys; the secret never serialises (JSON, pino, util.inspect), so logging a config is safe. */
export class S3Credentials {
  constructor(
    readonly accessKeyId: string,
    readonly secretAccessKey: string,
  ) {}

  toJSON(): { accessKeyId: string; secretAccessKey: string } {
    return { accessKeyId: this.accessKeyId, secretAccessKey: '[redacted]' };
  }

  [inspect.custom](): string {
    return `S3Credentials { accessKeyId: ${JSON.stringify(this.accessKeyId)}, secretAccessKey: [redacted] }`;
  }
}

/** Where export files go when S3_BUCKET is set, instead of DATA_DIR/files; pre-aggregate rollups are uploaded there too. */
export interface S3Settings {
  /** An S3-compatible server's endpoint; undefined for AWS S3. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Undefined: the AWS SDK's default credential chain (AWS_* variables, shared files, instance or task role). */
  credentials: S3Credentials | undefined;
  forcePathStyle: boolean;
  /** Lifetime of a pre-signed download URL. */
  urlExpiresSeconds: number;
}

/** The typed configuration every process receives; built once from the environment. */
export abstract class AppConfig {
  /** `siteUrlSet`: SITE_URL was given (else siteUrl is the listen address, HOST:PORT, or localhost:PORT when HOST is a wildcard). */
  abstract readonly server: { port: number; host: string; siteUrl: string; siteUrlSet: boolean };
  /** Undefined only in the launcher, which then starts an embedded PostgreSQL. */
  abstract readonly database: { url: string | undefined };
  abstract readonly redis: { url: string; prefix: string };
  abstract readonly dataDir: string;
  /** Undefined only in the launcher's embedded default, which generates one into DATA_DIR. */
  abstract readonly secretKey: string | undefined;
  abstract readonly log: { level: LogLevel };
  abstract readonly maintenance: { intervalMs: number; fileRetentionMs: number };
  abstract readonly worker: { concurrency: number };
  /**
   * TRANSFORM_LOCAL_ROOTS: folders outside DATA_DIR where any organization's local transform projects
   * may live (operator-trusted, shared). Inside DATA_DIR, only the organization's own folder is allowed.
   */
  abstract readonly transform: { localRoots: string[] };
  abstract readonly query: {
    maxLimit: number;
    /** Rows of a query that asks for no limit (the SQL runner's default); never above maxLimit. */
    defaultLimit: number;
    cacheTtlSeconds: number;
    maxPageSize: number;
    resultsTtlSeconds: number;
    pivotMaxColumns: number;
    timeoutMs: number;
    /** How long executing a v2 query waits for it to finish, so that a fast one is ready on the first poll. */
    readyWaitMs: number;
    /** Warehouse queries one user runs at once on an API process, and how many more may wait (past that: 429). */
    maxConcurrentPerUser: number;
    maxQueuedPerUser: number;
    /** Embedded DuckDB queries (warehouse files, rollups) an API process runs at once: each holds a libuv thread. */
    duckDbMaxConcurrent: number;
  };
  /** Largest JSON bodies: bodyLimitBytes on every route, projectBodyLimitBytes on project creation (inline manifests). */
  abstract readonly http: { bodyLimitBytes: number; projectBodyLimitBytes: number };
  /** The size of libuv's thread pool the API process runs with (set before anything uses it, see apps/api threadpool-size). */
  abstract readonly threadpoolSize: number;
  /**
   * How long each process may keep tokens, project roles and projects (ttlMs), and how often it
   * reads the access change log (pollMs; 0: never): changes announced on Redis apply at once,
   * any other change within pollMs.
   */
  abstract readonly accessCache: { ttlMs: number; pollMs: number };
  /** Caps of one export; 0: none. maxBytes counts whole rows, maxRows applies whatever csvLimit says. */
  abstract readonly exports: { maxCells: number; maxRows: number; maxBytes: number };
  /**
   * Rollup files live under DATA_DIR/pre-aggregates; a replaced one is removed after fileGraceMs.
   * threads: the rollup DuckDB's threads (default 1, see PRE_AGGREGATE_THREADS in load-config.ts).
   * sandboxes: how many projects' rollup DuckDBs stay open (PRE_AGGREGATE_SANDBOXES, default 8):
   * each project's SQL runs in its own, which reaches only that project's rollup folder.
   */
  abstract readonly preAggregates: { fileGraceMs: number; threads: number; sandboxes: number };
  /**
   * The embedded DuckDB warehouse's limits: memoryLimit is the working budget, memoryLimitMax what
   * a query that runs out of it may grow to (equal: no growth); threads undefined: one per core.
   */
  abstract readonly duckdb: { memoryLimit: string; memoryLimitMax: string; threads: number | undefined };
  /** Undefined: export files stay under DATA_DIR/files, rollups under DATA_DIR/pre-aggregates only. */
  abstract readonly s3: S3Settings | undefined;
  /**
   * Hosts projects may reach on a caller's behalf besides public ones (OUTBOUND_ALLOWED_HOSTS,
   * ALLOW_PRIVATE_NETWORK_HOSTS); by default loopback, private and link-local addresses are refused.
   */
  abstract readonly outbound: { allowPrivateNetwork: boolean; allowedHosts: string[] };
  /** The demo dataset generated on first start. */
  abstract readonly demo: { scale: number };
  /**
   * The SQL API (PostgreSQL wire protocol), off unless SQL_API_PORT is set; it listens on the API's HOST.
   * tls: the certificate and key files (PEM) clients that ask for TLS get; undefined: TLS is refused.
   */
  abstract readonly sqlApi: {
    port: number | undefined;
    tls: { certFile: string; keyFile: string } | undefined;
    /** The largest protocol message a client may send; beyond it: 54000 and the connection closes. */
    maxMessageBytes: number;
  };
}

export type AppConfigValues = {
  -readonly [K in keyof AppConfig]: AppConfig[K];
};
