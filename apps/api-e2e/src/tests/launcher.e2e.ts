import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { uniqueName } from '@quarry/testing';

import { call } from '../support/api-client';
import { MACHINE_REDIS_URL } from '../support/environment';
import { freePort, startApp, waitFor } from '../support/processes';
import { deleteRedisPrefix } from '../support/redis-prefix';

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

  it('starts embedded PostgreSQL, API and worker with no database configured, prints a working token, and stops cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
    const port = await freePort();
    const prefix = uniqueName('quarry-launcher');
    const launcher = startApp('cli', { DATA_DIR: dataDir, PORT: String(port), REDIS_URL: MACHINE_REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'warn', DEMO_SCALE: '0.05' }, ['start']);
    try {
      const token = await waitFor(
        'the first-start token',
        async () => {
          if (launcher.child.exitCode !== null) throw new Error(`launcher exited:\n${launcher.output()}`);
          return /Personal access token \(shown once, keep it safe\): (qry_\S+)/.exec(launcher.output())?.[1];
        },
        90_000,
      );
      expect(launcher.output()).toContain(`Swagger UI: http://localhost:${port}/api/docs`);
      const baseUrl = `http://127.0.0.1:${port}`;
      expect((await call(baseUrl, 'GET', '/api/v1/health')).status).toBe(200);
      const me = await call(baseUrl, 'GET', '/api/v1/user', { token });
      expect(me.status).toBe(200);
      expect(me.body.results).toMatchObject({ email: 'admin@quarry.local', role: 'admin' });

      // The demo project exists and the worker compiles its explores.
      const projects = await call(baseUrl, 'GET', '/api/v1/org/projects', { token });
      expect(projects.body.results).toHaveLength(1);
      const demo = projects.body.results[0];
      expect(demo).toMatchObject({ name: 'Demo shop', warehouseConnection: { type: 'duckdb' }, transformConnection: { type: 'transform' } });
      const explores = await waitFor(
        'the demo explores',
        async () => {
          const response = await call(baseUrl, 'GET', `/api/v1/projects/${demo.projectUuid}/explores`, { token });
          if (response.status === 409 && /failed/.test(response.body.error.message)) throw new Error(response.body.error.message);
          return response.status === 200 ? response.body.results : undefined;
        },
        60_000,
      );
      expect(explores.map((explore: { name: string }) => explore.name)).toEqual(expect.arrayContaining(['orders', 'customers']));
      expect(explores.every((explore: { errors?: unknown[] }) => !explore.errors?.length)).toBe(true);

      expect(await launcher.stop('SIGTERM')).toBe(0);
      expect(launcher.output()).toMatch(/Stopped\./);
      await expect(fetch(`${baseUrl}/api/v1/health`)).rejects.toThrow();
    } finally {
      await launcher.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await deleteRedisPrefix(prefix);
    }
  }, 150_000);
});
