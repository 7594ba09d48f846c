import { resolve } from 'node:path';

import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

import type { AppConfigValues } from './app-config';
import { EnvDto } from './env.dto';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `service`: an API or worker process, which needs a database and a secret key handed to it. */
export type ConfigMode = 'launcher' | 'service';

function describe(error: ValidationError): string[] {
  return Object.values(error.constraints ?? {}).map((message) =>
    message.startsWith(error.property) ? message : `${error.property}: ${message}`,
  );
}

/** Empty strings mean "unset": compose files and shells often export VAR= for nothing. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, mode: ConfigMode = 'service'): AppConfigValues {
  const dto = plainToInstance(EnvDto, withoutEmpty(env), { enableImplicitConversion: false });
  const problems = validateSync(dto, { skipMissingProperties: false }).flatMap(describe);

  if (mode === 'service' && !dto.DATABASE_URL) {
    problems.push('DATABASE_URL is required: run `npm start` to use the embedded PostgreSQL, or point it at yours');
  }
  if (dto.DATABASE_URL && !dto.SECRET_KEY) {
    problems.push('SECRET_KEY is required when DATABASE_URL is set (at least 32 characters; it encrypts stored credentials)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const port = dto.PORT ?? 8080;
  const dataDir = resolve(dto.DATA_DIR ?? '.quarry');
  return {
    server: { port, host: dto.HOST ?? '0.0.0.0', siteUrl: (dto.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '') },
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
    exports: { maxCells: dto.EXPORT_MAX_CELLS ?? 0 },
    query: {
      maxLimit: dto.QUERY_MAX_LIMIT ?? 5000,
      cacheTtlSeconds: dto.RESULTS_CACHE_TTL_SECONDS ?? 3600,
      maxPageSize: dto.QUERY_MAX_PAGE_SIZE ?? 5000,
      resultsTtlSeconds: dto.QUERY_RESULTS_TTL_SECONDS ?? 3600,
      pivotMaxColumns: dto.PIVOT_MAX_COLUMNS ?? 60,
      timeoutMs: (dto.QUERY_TIMEOUT_SECONDS ?? 300) * 1000,
    },
    demo: { scale: dto.DEMO_SCALE ?? 1 },
    transform: {
      localRoots: [dataDir, ...(dto.TRANSFORM_LOCAL_ROOTS ?? '').split(',').filter(Boolean).map((root) => resolve(root))],
    },
  };
}
