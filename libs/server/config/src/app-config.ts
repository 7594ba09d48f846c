import type { LogLevel } from './env.dto';

/** The typed configuration every process receives; built once from the environment. */
export abstract class AppConfig {
  abstract readonly server: { port: number; host: string; siteUrl: string };
  /** Undefined only in the launcher, which then starts an embedded PostgreSQL. */
  abstract readonly database: { url: string | undefined };
  abstract readonly redis: { url: string; prefix: string };
  abstract readonly dataDir: string;
  /** Undefined only in the launcher's embedded default, which generates one into DATA_DIR. */
  abstract readonly secretKey: string | undefined;
  abstract readonly log: { level: LogLevel };
  abstract readonly maintenance: { intervalMs: number; fileRetentionMs: number };
  abstract readonly worker: { concurrency: number };
  /** Folders where local transform projects may live: DATA_DIR and TRANSFORM_LOCAL_ROOTS. */
  abstract readonly transform: { localRoots: string[] };
  abstract readonly query: {
    maxLimit: number;
    cacheTtlSeconds: number;
    maxPageSize: number;
    resultsTtlSeconds: number;
    pivotMaxColumns: number;
    timeoutMs: number;
  };
  abstract readonly exports: { maxCells: number };
  /** The demo dataset generated on first start. */
  abstract readonly demo: { scale: number };
}

export type AppConfigValues = {
  -readonly [K in keyof AppConfig]: AppConfig[K];
};
