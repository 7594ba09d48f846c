import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const STATE_ENV = 'QUARRY_E2E_STATE';

/** What global setup started, read by the suites and by global teardown. */
export interface SharedQuarry {
  baseUrl: string;
  /** The shared API's SQL API (PostgreSQL wire protocol) port, on 127.0.0.1. */
  sqlApiPort: number;
  env: NodeJS.ProcessEnv;
  databaseName: string;
  dataDir: string;
  adminToken: string;
  organizationUuid: string;
  pids: { api: number; worker: number };
}

export function writeState(state: SharedQuarry): string {
  const file = join(tmpdir(), `quarry-e2e-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(state));
  return file;
}

export function sharedQuarry(): SharedQuarry {
  const file = process.env[STATE_ENV];
  if (!file) throw new Error('The e2e global setup did not run');
  return JSON.parse(readFileSync(file, 'utf8')) as SharedQuarry;
}
