import './register-paths';

import { rmSync } from 'node:fs';

import { dropTestDatabase } from '@quarry/testing';

import { deleteRedisPrefix } from './redis-prefix';
import { sharedQuarry, STATE_ENV } from './shared-quarry';

function stop(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function waitGone(pid: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export default async function globalTeardown(): Promise<void> {
  if (!process.env[STATE_ENV]) return;
  const state = sharedQuarry();
  stop(state.pids.api);
  stop(state.pids.worker);
  await Promise.all([waitGone(state.pids.api), waitGone(state.pids.worker)]);
  await dropTestDatabase(state.databaseName);
  await deleteRedisPrefix(state.env['QUEUE_PREFIX'] as string);
  rmSync(state.dataDir, { recursive: true, force: true });
  rmSync(process.env[STATE_ENV] as string, { force: true });
}
