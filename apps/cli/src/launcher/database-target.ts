import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { AppConfigValues } from '@quarry/server/config';

import { hasEmbeddedCluster, startEmbeddedPostgres } from './embedded-postgres';
import { readOrCreateSecret } from './local-secrets';

export interface DatabaseTarget {
  url: string;
  secretKey: string;
  /** Stops what this call started (the embedded PostgreSQL); a no-op otherwise. */
  release(): Promise<void>;
  /** Stops what this call started without waiting (a second Ctrl-C). */
  abandon(): void;
}

/** An admin command run where there is no Quarry: said in one line, without a stack trace. */
export class NoQuarryDataError extends Error {
  override readonly name = 'NoQuarryDataError';
}

interface RunningState {
  pid: number;
  url: string;
}

const stateFile = (dataDir: string) => join(dataDir, 'run', 'postgres.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded PostgreSQL a running launcher already started, if any. */
function runningEmbedded(dataDir: string): RunningState | undefined {
  if (!existsSync(stateFile(dataDir))) return undefined;
  const state = JSON.parse(readFileSync(stateFile(dataDir), 'utf8')) as RunningState;
  return isAlive(state.pid) ? state : undefined;
}

export interface AcquireOptions {
  /** Record the started instance so admin commands run meanwhile find it instead of starting a second one. */
  advertise?: boolean;
  /** Whether a DATA_DIR without an embedded cluster gets a new one (start, migrate) or is refused (admin commands). */
  create?: boolean;
}

/**
 * The metadata database to use: DATABASE_URL when set; otherwise the embedded PostgreSQL under
 * DATA_DIR — reused when a launcher already runs it, else started here.
 */
export async function acquireDatabase(
  config: AppConfigValues,
  log: (line: string) => void,
  { advertise = false, create = true }: AcquireOptions = {},
): Promise<DatabaseTarget> {
  const nothingToStop = { release: async () => undefined, abandon: () => undefined };
  if (config.database.url) return { url: config.database.url, secretKey: config.secretKey as string, ...nothingToStop };
  if (!create && !hasEmbeddedCluster(config.dataDir)) {
    throw new NoQuarryDataError(
      `No Quarry data in DATA_DIR ${config.dataDir}: set DATA_DIR to the folder \`npm start\` uses, ` +
        `or DATABASE_URL to its metadata database.`,
    );
  }
  const secretKey = config.secretKey ?? readOrCreateSecret(join(config.dataDir, 'secrets', 'secret-key'), 48);
  const running = runningEmbedded(config.dataDir);
  if (running) return { url: running.url, secretKey, ...nothingToStop };

  const postgres = await startEmbeddedPostgres(config.dataDir, log);
  if (advertise) {
    mkdirSync(join(config.dataDir, 'run'), { recursive: true, mode: 0o700 });
    writeFileSync(stateFile(config.dataDir), JSON.stringify({ pid: process.pid, url: postgres.url }), { mode: 0o600 });
  }
  const forget = () => {
    if (advertise) rmSync(stateFile(config.dataDir), { force: true });
  };
  return {
    url: postgres.url,
    secretKey,
    release: async () => {
      forget();
      await postgres.stop();
    },
    abandon: () => {
      forget();
      postgres.kill();
    },
  };
}
