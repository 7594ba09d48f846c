import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../../../..');
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

/** Starts one of the built apps (`api`, `worker`, `cli`) with the given environment and arguments. */
export function startApp(app: 'api' | 'worker' | 'cli', env: NodeJS.ProcessEnv, args: string[] = []): RunningProcess {
  const child = spawn(process.execPath, [join(DIST, app, 'main.js'), ...args], {
    env: { PATH: process.env['PATH'], ...env },
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

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`Timed out waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

export async function waitForHealthy(baseUrl: string, process?: RunningProcess, timeoutMs = 45_000): Promise<void> {
  await waitFor(
    `${baseUrl} to be healthy${process ? `; output so far:\n${process.output()}` : ''}`,
    async () => {
      if (process && process.child.exitCode !== null) throw new Error(`process exited:\n${process.output()}`);
      const response = await fetch(`${baseUrl}/api/v1/health`);
      return response.ok ? true : undefined;
    },
    timeoutMs,
  );
}
