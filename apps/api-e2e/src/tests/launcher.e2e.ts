import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { createTestDatabase, dropTestDatabase, uniqueName } from '@quarry/testing';

import { call } from '../support/api-client';
import { MACHINE_REDIS_URL } from '../support/environment';
import { DIST, freePort, type RunningProcess, startApp, waitFor } from '../support/processes';
import { deleteRedisPrefix } from '../support/redis-prefix';

const UP = /Quarry is up: the demo project "Demo shop" is compiled, (\d+) explores\./;
const FIRST_START_TOKEN = /Personal access token \(shown once, keep it safe\): (qry_\S+)/;

/** The demo's SQL API port of its own: its default (5433) may be taken, e.g. by another run of this suite. */
function startLauncher(dataDir: string, port: number, prefix: string, sqlApiPort: number): RunningProcess {
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    SQL_API_PORT: String(sqlApiPort),
    REDIS_URL: MACHINE_REDIS_URL,
    QUEUE_PREFIX: prefix,
  };
  return startApp('cli', { ...env, LOG_LEVEL: 'warn', DEMO_SCALE: '0.05' }, ['start']);
}

/**
 * The launcher as a terminal runs it: the leader of a process group of its own (detached), which Ctrl-C signals whole.
 */
function startLauncherInTerminal(dataDir: string, port: number, prefix: string, sqlApiPort: number): RunningProcess {
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    SQL_API_PORT: String(sqlApiPort),
    REDIS_URL: MACHINE_REDIS_URL,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    DEMO_SCALE: '0.05',
  };
  const child = spawn(process.execPath, [join(DIST, 'cli', 'main.js'), 'start'], {
    env: { PATH: process.env['PATH'], ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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
      const group = -(child.pid as number);
      if (child.exitCode === null && child.signalCode === null) process.kill(group, signal);
      return exited;
    },
  };
}

/** A process's command line, or undefined once it is gone (reaped: a zombie counts as gone). */
function commandLine(pid: number): string | undefined {
  try {
    if (/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) return undefined;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/** The launcher's process tree (Linux /proc): its children, theirs (PostgreSQL's backends), and so on. */
function descendants(rootPid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const pending = [rootPid];
  while (pending.length) {
    const parent = pending.pop() as number;
    for (const [pid, ppid] of parentOf) {
      if (ppid !== parent) continue;
      found.push(pid);
      pending.push(pid);
    }
  }
  return found;
}

// Generous: on the shared 2-core machine, under other suites' load, a first start has taken 3 minutes.
const START_TIMEOUT_MS = 300_000;

/** Waits for a line of the launcher's output; fails at once if it exits, and with its output. */
async function waitForOutput(launcher: RunningProcess, what: string, pattern: RegExp): Promise<RegExpExecArray> {
  try {
    return await waitFor(
      what,
      async () => {
        if (launcher.child.exitCode !== null) throw new Error('the launcher exited');
        return pattern.exec(launcher.output()) ?? undefined;
      },
      START_TIMEOUT_MS,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; launcher output:\n${launcher.output()}`);
  }
}

/** Resolves as soon as the launcher's output matches `pattern`: on the chunk that completes it, not at a later poll. */
function outputEvent(launcher: RunningProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(launcher.output())) return;
      launcher.child.stdout?.off('data', onData);
      resolve();
    };
    // Registered after the process's own listener: by then output() holds the chunk.
    const onData = () => check();
    launcher.child.stdout?.on('data', onData);
    launcher.child.once('exit', () => reject(new Error(`the launcher exited before printing ${pattern}:\n${launcher.output()}`)));
    check();
  });
}

/** Runs the printed curl line as a user pasting it would, the token in QUARRY_TOKEN. */
async function runPrintedCurl(output: string, token: string) {
  const curl = /^curl .*runQuery'$/m.exec(output)?.[0];
  if (!curl) throw new Error(`no runQuery curl line in:\n${output}`);
  const { stdout } = await promisify(execFile)('bash', ['-c', curl], { env: { PATH: process.env['PATH'], QUARRY_TOKEN: token } });
  return JSON.parse(stdout);
}

describe('launcher (npm start)', () => {
  it('says in one line how to start Redis when it is unreachable, and exits non-zero', async () => {
    const closedPort = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
    try {
      const launcher = startApp('cli', { REDIS_URL: `redis://127.0.0.1:${closedPort}`, DATA_DIR: dataDir }, ['start']);
      expect(await launcher.exited).toBe(1);
      const lines = launcher.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/Redis is not reachable .* Start one with: redis-server/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('admin commands finding no Quarry data say so in one line: no new embedded PostgreSQL, no stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-admin-'));
    const empty = await createTestDatabase('quarry_admin_empty');
    try {
      const inEmptyDataDir = startApp('cli', { DATA_DIR: dataDir, REDIS_URL: MACHINE_REDIS_URL }, [
        'create-token',
        '--email',
        'someone@example.com',
      ]);
      expect(await inEmptyDataDir.exited).toBe(1);
      expect(inEmptyDataDir.output().trim().split('\n')).toEqual([
        expect.stringMatching(/^No Quarry data in DATA_DIR .*: set DATA_DIR to the folder/),
      ]);
      expect(readdirSync(dataDir)).toEqual([]);

      const env = { DATA_DIR: dataDir, DATABASE_URL: empty.url, SECRET_KEY: 'x'.repeat(48), REDIS_URL: MACHINE_REDIS_URL };
      const inEmptyDatabase = startApp('cli', env, ['create-token', '--email', 'someone@example.com']);
      expect(await inEmptyDatabase.exited).toBe(1);
      expect(inEmptyDatabase.output().trim().split('\n')).toEqual([
        expect.stringMatching(/^No Quarry data in the metadata database .*npm run migrate/),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await dropTestDatabase(empty.name);
    }
  });

  it(
    'says it is up once the demo can be queried, prints a working token and runQuery curl, stops cleanly, and does so again on a restart',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
      const port = await freePort();
      const sqlApiPort = await freePort();
      const prefix = uniqueName('quarry-launcher');
      const baseUrl = `http://127.0.0.1:${port}`;
      let launcher = startLauncher(dataDir, port, prefix, sqlApiPort);
      try {
        const [, exploreCount] = await waitForOutput(launcher, '"Quarry is up"', UP);
        // The first requests after "up" succeed: nothing is polled from here on.
        const token = FIRST_START_TOKEN.exec(launcher.output())?.[1] as string;
        expect(token).toBeDefined();
        expect(launcher.output()).toContain(`Swagger UI: http://localhost:${port}/api/docs`);
        const projects = await call(baseUrl, 'GET', '/api/v1/org/projects', { token });
        expect(projects.body.results).toHaveLength(1);
        const demo = projects.body.results[0];
        expect(demo).toMatchObject({
          name: 'Demo shop',
          warehouseConnection: { type: 'duckdb' },
          transformConnection: { type: 'transform' },
        });
        const explores = await call(baseUrl, 'GET', `/api/v1/projects/${demo.projectUuid}/explores`, { token });
        expect(explores.status).toBe(200);
        expect(explores.body.results).toHaveLength(Number(exploreCount));
        expect(explores.body.results.map((explore: { name: string }) => explore.name)).toEqual(
          expect.arrayContaining(['orders', 'customers']),
        );
        expect(explores.body.results.every((explore: { errors?: unknown[] }) => !explore.errors?.length)).toBe(true);

        // The first start prints the token once, as a line to paste before the curl.
        expect(launcher.output()).toContain(`\nexport QUARRY_TOKEN=${token}\n`);
        const firstQuery = await runPrintedCurl(launcher.output(), token);
        expect(firstQuery.status).toBe('ok');
        expect(firstQuery.results.rows.length).toBeGreaterThan(0);
        expect(firstQuery.results.rows.length).toBeLessThanOrEqual(10);
        expect(launcher.output()).toContain(
          `/api/v1/projects/${demo.projectUuid}/explores/${firstQuery.results.metricQuery.exploreName}/runQuery`,
        );

        expect(await launcher.stop('SIGTERM')).toBe(0);
        expect(launcher.output()).toMatch(/Stopped\./);
        await expect(fetch(`${baseUrl}/api/v1/health`)).rejects.toThrow();

        // A restart finds the demo already compiled; the token is not shown again, the curl is.
        launcher = startLauncher(dataDir, port, prefix, sqlApiPort);
        await waitForOutput(launcher, '"Quarry is up" after a restart', UP);
        expect(launcher.output()).not.toMatch(FIRST_START_TOKEN);
        expect(launcher.output()).not.toContain(token);
        expect(launcher.output()).toContain('with QUARRY_TOKEN set to your token');
        const againQuery = await runPrintedCurl(launcher.output(), token);
        expect(againQuery.results.rows).toEqual(firstQuery.results.rows);
        expect(await launcher.stop('SIGTERM')).toBe(0);
      } finally {
        await launcher.stop('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await deleteRedisPrefix(prefix);
      }
    },
    2 * START_TIMEOUT_MS + 60_000,
  );

  it(
    'stops API, worker and PostgreSQL in order on Ctrl-C to its whole process group, says "Stopped.", exits 0, leaves nothing',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
      const port = await freePort();
      const sqlApiPort = await freePort();
      const prefix = uniqueName('quarry-launcher');
      const launcher = startLauncherInTerminal(dataDir, port, prefix, sqlApiPort);
      try {
        await waitForOutput(launcher, '"Quarry is up"', UP);
        const tree = descendants(launcher.child.pid as number).map((pid) => ({ pid, command: commandLine(pid) ?? '' }));
        const api = tree.find(({ command }) => command.includes(join('api', 'main.js')));
        const worker = tree.find(({ command }) => command.includes(join('worker', 'main.js')));
        const postgres = tree.find(({ command }) => /postgres -D /.test(command) && command.includes(dataDir));
        expect({ api, worker, postgres }).toEqual({ api: expect.anything(), worker: expect.anything(), postgres: expect.anything() });

        process.kill(-(launcher.child.pid as number), 'SIGINT');
        const code = await Promise.race([launcher.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
        expect({ code, output: launcher.output() }).toEqual({
          code: 0,
          output: expect.stringMatching(/Interrupted: stopping API and worker…\n[^]*\[quarry\] Stopped\.\n$/),
        });
        // Nothing after "Stopped." and no PostgreSQL complaint that the API or worker lost it while stopping.
        expect(launcher.output()).not.toMatch(/terminating connection due to administrator command|Connection terminated unexpectedly/);
        await waitFor(
          "the launcher's processes to be gone",
          async () => (tree.every(({ pid }) => commandLine(pid) === undefined) ? true : undefined),
          5_000,
        );
        expect(existsSync(join(dataDir, 'run', 'postgres.json'))).toBe(false);
        await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
      } finally {
        await launcher.stop('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await deleteRedisPrefix(prefix);
      }
    },
    START_TIMEOUT_MS + 60_000,
  );

  it(
    'stops everything at once on a second Ctrl-C while stopping: children killed, "Stopped at once.", exit 130, nothing left',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
      const port = await freePort();
      const sqlApiPort = await freePort();
      const prefix = uniqueName('quarry-launcher');
      const launcher = startLauncherInTerminal(dataDir, port, prefix, sqlApiPort);
      try {
        await waitForOutput(launcher, '"Quarry is up"', UP);
        const tree = descendants(launcher.child.pid as number).map((pid) => ({ pid, command: commandLine(pid) ?? '' }));
        const children = tree.filter(
          ({ command }) => command.includes(join('api', 'main.js')) || command.includes(join('worker', 'main.js')),
        );
        expect(children).toHaveLength(2);
        // Suspended, the API and worker cannot act on the launcher's SIGTERM: the orderly stop waits on them (its grace
        // period, 8 s, would end with SIGKILL), so the second Ctrl-C surely arrives while the launcher is stopping.
        for (const { pid } of children) process.kill(pid, 'SIGSTOP');

        const interrupted = outputEvent(launcher, /Interrupted: stopping API and worker…\n/);
        process.kill(-(launcher.child.pid as number), 'SIGINT');
        await interrupted;
        process.kill(-(launcher.child.pid as number), 'SIGINT');

        const code = await launcher.exited;
        expect({ code, output: launcher.output() }).toEqual({
          code: 130,
          output: expect.stringMatching(/Interrupted: stopping API and worker…\n[^]*\[quarry\] Stopped at once\.\n$/),
        });
        // The orderly stop did not finish: the second Ctrl-C cut it short.
        expect(launcher.output()).not.toContain('[quarry] Stopped.\n');
        await waitFor(
          "the launcher's processes to be gone",
          async () => (tree.every(({ pid }) => commandLine(pid) === undefined) ? true : undefined),
          15_000,
        );
        expect(existsSync(join(dataDir, 'run', 'postgres.json'))).toBe(false);
        await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
      } finally {
        await launcher.stop('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await deleteRedisPrefix(prefix);
      }
    },
    START_TIMEOUT_MS + 60_000,
  );

  it(
    'reports a failed demo compile with its error, and keeps the API up',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
      // A demo folder already in DATA_DIR is kept as it is (moved into the first organization's folder): here, one whose manifest is not JSON.
      const demoDir = join(dataDir, 'projects', 'demo-shop');
      mkdirSync(join(demoDir, 'target'), { recursive: true });
      writeFileSync(join(demoDir, 'dbt_project.yml'), 'name: broken_demo\nversion: "1.0.0"\n');
      writeFileSync(join(demoDir, 'target', 'manifest.json'), '{ not json');
      const port = await freePort();
      const sqlApiPort = await freePort();
      const prefix = uniqueName('quarry-launcher');
      const baseUrl = `http://127.0.0.1:${port}`;
      const launcher = startLauncher(dataDir, port, prefix, sqlApiPort);
      try {
        await waitForOutput(launcher, 'the failed compile report', /could not be compiled: target\/manifest\.json is not valid JSON/);
        expect(launcher.output()).not.toMatch(UP);
        expect(launcher.output()).toMatch(/recompile: POST http:\/\/localhost:\d+\/api\/v1\/projects\/[0-9a-f-]{36}\/refresh/);
        // Printed just after the report, and possibly read in a later chunk of the launcher's output.
        const [, token] = await waitForOutput(launcher, 'the first start token', FIRST_START_TOKEN);
        expect((await call(baseUrl, 'GET', '/api/v1/health')).status).toBe(200);
        const projects = await call(baseUrl, 'GET', '/api/v1/org/projects', { token });
        expect(projects.body.results[0].compile).toMatchObject({ status: 'error', error: expect.stringContaining('not valid JSON') });
        expect(launcher.child.exitCode).toBeNull();
        expect(await launcher.stop('SIGTERM')).toBe(0);
      } finally {
        await launcher.stop('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await deleteRedisPrefix(prefix);
      }
    },
    START_TIMEOUT_MS + 60_000,
  );
});
