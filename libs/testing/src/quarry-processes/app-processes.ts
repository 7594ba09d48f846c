import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

import { workerEnvironment } from '@quarry/server/config';

import { workspaceRoot } from './workspace-root';

export const ROOT = workspaceRoot();
export const DIST = join(ROOT, 'dist/apps');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts one of the built apps (`api`, `worker`, `cli`) with the given environment and arguments;
 * `nodeArgs` go to node itself (`--cpu-prof` is refused in NODE_OPTIONS).
 */
export function startApp(
  app: 'api' | 'worker' | 'cli',
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  nodeArgs: string[] = [],
): RunningProcess {
  // The worker runs as the launcher and the Docker image run it: with their heap cap.
  const childEnv = app === 'worker' ? workerEnvironment(env) : env;
  const child = spawn(process.execPath, [...nodeArgs, join(DIST, app, 'main.js'), ...args], {
    env: { PATH: process.env['PATH'], ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
