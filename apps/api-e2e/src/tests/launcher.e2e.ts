import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { uniqueName } from '@quarry/testing';

import { call } from '../support/api-client';
import { MACHINE_REDIS_URL } from '../support/environment';
import { freePort, type RunningProcess, startApp, waitFor } from '../support/processes';
import { deleteRedisPrefix } from '../support/redis-prefix';

const UP = /Quarry is up: the demo project "Demo shop" is compiled, (\d+) explores\./;
const FIRST_START_TOKEN = /Personal access token \(shown once, keep it safe\): (qry_\S+)/;

function startLauncher(dataDir: string, port: number, prefix: string): RunningProcess {
  return startApp('cli', { DATA_DIR: dataDir, PORT: String(port), REDIS_URL: MACHINE_REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'warn', DEMO_SCALE: '0.05' }, ['start']);
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

  it('says it is up once the demo can be queried, prints a working token and runQuery curl, stops cleanly, and does so again on a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
    const port = await freePort();
    const prefix = uniqueName('quarry-launcher');
    const baseUrl = `http://127.0.0.1:${port}`;
    let launcher = startLauncher(dataDir, port, prefix);
    try {
      const [, exploreCount] = await waitForOutput(launcher, '"Quarry is up"', UP);
      // The first requests after "up" succeed: nothing is polled from here on.
      const token = FIRST_START_TOKEN.exec(launcher.output())?.[1] as string;
      expect(token).toBeDefined();
      expect(launcher.output()).toContain(`Swagger UI: http://localhost:${port}/api/docs`);
      const projects = await call(baseUrl, 'GET', '/api/v1/org/projects', { token });
      expect(projects.body.results).toHaveLength(1);
      const demo = projects.body.results[0];
      expect(demo).toMatchObject({ name: 'Demo shop', warehouseConnection: { type: 'duckdb' }, transformConnection: { type: 'transform' } });
      const explores = await call(baseUrl, 'GET', `/api/v1/projects/${demo.projectUuid}/explores`, { token });
      expect(explores.status).toBe(200);
      expect(explores.body.results).toHaveLength(Number(exploreCount));
      expect(explores.body.results.map((explore: { name: string }) => explore.name)).toEqual(expect.arrayContaining(['orders', 'customers']));
      expect(explores.body.results.every((explore: { errors?: unknown[] }) => !explore.errors?.length)).toBe(true);

      // The first start prints the token once, as a line to paste before the curl.
      expect(launcher.output()).toContain(`\nexport QUARRY_TOKEN=${token}\n`);
      const firstQuery = await runPrintedCurl(launcher.output(), token);
      expect(firstQuery.status).toBe('ok');
      expect(firstQuery.results.rows.length).toBeGreaterThan(0);
      expect(firstQuery.results.rows.length).toBeLessThanOrEqual(10);
      expect(launcher.output()).toContain(`/api/v1/projects/${demo.projectUuid}/explores/${firstQuery.results.metricQuery.exploreName}/runQuery`);

      expect(await launcher.stop('SIGTERM')).toBe(0);
      expect(launcher.output()).toMatch(/Stopped\./);
      await expect(fetch(`${baseUrl}/api/v1/health`)).rejects.toThrow();

      // A restart finds the demo already compiled; the token is not shown again, the curl is.
      launcher = startLauncher(dataDir, port, prefix);
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
  }, 2 * START_TIMEOUT_MS + 60_000);

  it("reports a failed demo compile with its error, and keeps the API up", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
    // A demo folder already in DATA_DIR is kept as it is (moved into the first organization's folder): here, one whose manifest is not JSON.
    const demoDir = join(dataDir, 'projects', 'demo-shop');
    mkdirSync(join(demoDir, 'target'), { recursive: true });
    writeFileSync(join(demoDir, 'dbt_project.yml'), 'name: broken_demo\nversion: "1.0.0"\n');
    writeFileSync(join(demoDir, 'target', 'manifest.json'), '{ not json');
    const port = await freePort();
    const prefix = uniqueName('quarry-launcher');
    const baseUrl = `http://127.0.0.1:${port}`;
    const launcher = startLauncher(dataDir, port, prefix);
    try {
      await waitForOutput(launcher, 'the failed compile report', /could not be compiled: target\/manifest\.json is not valid JSON/);
      expect(launcher.output()).not.toMatch(UP);
      expect(launcher.output()).toMatch(/recompile: POST http:\/\/localhost:\d+\/api\/v1\/projects\/[0-9a-f-]{36}\/refresh/);
      const token = FIRST_START_TOKEN.exec(launcher.output())?.[1] as string;
      expect(token).toBeDefined();
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
  }, START_TIMEOUT_MS + 60_000);
});
