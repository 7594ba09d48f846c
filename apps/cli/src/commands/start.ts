import { join } from 'node:path';

import { type AppConfigValues, workerEnvironment } from '@quarry/server/config';
import { migrateDatabase } from '@quarry/server/database';

import { checkRedis } from '../launcher/check-redis';
import { killChildren, type ManagedChild, startNodeChild, stopChildren } from '../launcher/child-processes';
import { acquireDatabase, type DatabaseTarget } from '../launcher/database-target';
import { StopSignals } from '../launcher/stop-signal';
import type { Terminal } from './announce';
import { bootstrapFirstStart, type FirstStart } from './bootstrap';
import { createDemoProject } from './demo-project';
import { reportWhenReady } from './report-readiness';

/** The SQL API's port in the demo when SQL_API_PORT is not set: beside PostgreSQL's 5432. */
export const DEMO_SQL_API_PORT = 5433;
/** The children's log level unless LOG_LEVEL says otherwise: their warnings and errors still show. */
const QUIET_CHILDREN = 'warn';
const say = (line: string) => process.stdout.write(`[quarry] ${line}\n`);
const terminal: Terminal = { say, print: (line) => process.stdout.write(`${line}\n`) };

/**
 * `npm start`: embedded PostgreSQL when DATABASE_URL is unset, migrations, first-start seed, then
 * the API and worker processes until Ctrl-C / SIGTERM, which stops all of them cleanly.
 */
export async function start(config: AppConfigValues, distDir: string): Promise<number> {
  try {
    await checkRedis(config.redis.url);
  } catch (error) {
    say(
      `Redis is not reachable at ${config.redis.url} (${(error as Error).message}). ` +
        `Start one with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no (or set REDIS_URL)`,
    );
    return 1;
  }

  const children: ManagedChild[] = [];
  // Set once the metadata database is there: a second Ctrl-C may come before.
  const acquired: { database?: DatabaseTarget } = {};
  // A second Ctrl-C: everything stops at once.
  const stopNow = () => {
    killChildren(children);
    acquired.database?.abandon();
    say('Stopped at once.');
    process.exit(130);
  };
  // Taken before anything starts: a signal during the start is answered once the step under way is over.
  let signalReason: string | undefined;
  const signals = new StopSignals(stopNow);
  const signalled = signals.received.then((reason) => (signalReason = reason));

  const database = await acquireDatabase(config, say, { advertise: true });
  acquired.database = database;
  signals.take();
  const stopping = new AbortController();
  let reporting: Promise<void> = Promise.resolve();
  const shutdown = async (reason: string, code: number): Promise<number> => {
    if (stopping.signal.aborted) return code;
    stopping.abort();
    say(`${reason}: stopping API and worker…`);
    await stopChildren(children);
    // The readiness report reads the metadata database: done before it stops.
    await reporting;
    await database.release();
    say('Stopped.');
    return code;
  };

  let firstStart: FirstStart | undefined;
  let fullConfig: AppConfigValues;
  try {
    if (signalReason) return shutdown(signalReason, 0);
    const applied = await migrateDatabase(database.url);
    say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Metadata database is up to date.');
    // The demo turns the SQL API on; SQL_API_PORT chooses another port.
    const sqlApi = { ...config.sqlApi, port: config.sqlApi.port ?? DEMO_SQL_API_PORT };
    fullConfig = { ...config, database: { url: database.url }, secretKey: database.secretKey, sqlApi };
    firstStart = await bootstrapFirstStart(fullConfig);
    if (firstStart) {
      await createDemoProject(fullConfig, firstStart.admin, config.demo.scale, say);
      say('Created the "Demo shop" project; the worker compiles its explores as it starts.');
    }
    if (signalReason) return shutdown(signalReason, 0);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      SECRET_KEY: database.secretKey,
      DATA_DIR: config.dataDir,
      SQL_API_PORT: String(sqlApi.port),
      // The terminal is the demo's: Nest's start-up lines (≈170 of them) and a line per request would bury the launcher's.
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? QUIET_CHILDREN,
    };
    if (!process.env['LOG_LEVEL']) {
      say(`The API and worker log at level ${QUIET_CHILDREN} (set LOG_LEVEL=info for their start-up and request lines).`);
    }
    children.push(startNodeChild('api', join(distDir, 'api', 'main.js'), env));
    children.push(startNodeChild('worker', join(distDir, 'worker', 'main.js'), workerEnvironment(env)));
  } catch (error) {
    say(`Could not start: ${(error as Error).message}`);
    return shutdown('Start failed', 1);
  }

  const childDied = Promise.race(children.map((child) => child.exited.then((code) => ({ child, code }))));

  reporting = reportWhenReady(fullConfig, firstStart, terminal, stopping.signal);

  const outcome = await Promise.race([signalled.then((reason) => ({ reason })), childDied]);
  if ('reason' in outcome) return shutdown(outcome.reason, 0);
  return shutdown(`The ${outcome.child.name} process exited (code ${String(outcome.code)})`, 1);
}
