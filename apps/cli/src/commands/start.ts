import { join } from 'node:path';

import { type AppConfigValues, workerEnvironment } from '@quarry/server/config';
import { migrateDatabase } from '@quarry/server/database';

import { checkRedis } from '../launcher/check-redis';
import { type ManagedChild, startNodeChild, stopChildren } from '../launcher/child-processes';
import { acquireDatabase } from '../launcher/database-target';
import { bootstrapFirstStart, type FirstStart } from './bootstrap';
import { createDemoProject } from './demo-project';

const say = (line: string) => process.stdout.write(`[quarry] ${line}\n`);

async function waitForHealth(siteUrl: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${siteUrl}/api/v1/health`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function announce(config: AppConfigValues, firstStart: FirstStart | undefined): void {
  const docs = `${config.server.siteUrl}/api/docs`;
  say(`Quarry is up. Swagger UI: ${docs}`);
  if (firstStart) {
    say(`First start: created an organization and its admin ${firstStart.adminEmail}.`);
    say(`Personal access token (shown once, keep it safe): ${firstStart.token}`);
    say(`Try: curl -H "Authorization: ApiKey ${firstStart.token}" ${config.server.siteUrl}/api/v1/user`);
  } else {
    say(`Need a token? npm run quarry -- create-token --email <your email>`);
  }
}

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

  const database = await acquireDatabase(config, say, true);
  const children: ManagedChild[] = [];
  let stopping = false;
  const shutdown = async (reason: string, code: number): Promise<number> => {
    if (stopping) return code;
    stopping = true;
    say(`${reason}: stopping API and worker…`);
    await stopChildren(children);
    await database.release();
    say('Stopped.');
    return code;
  };

  let firstStart: FirstStart | undefined;
  try {
    const applied = await migrateDatabase(database.url);
    say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Metadata database is up to date.');
    const fullConfig: AppConfigValues = { ...config, database: { url: database.url }, secretKey: database.secretKey };
    firstStart = await bootstrapFirstStart(fullConfig);
    if (firstStart) {
      await createDemoProject(fullConfig, firstStart.admin, config.demo.scale, say);
      say('Created the "Demo shop" project; the worker compiles its explores as it starts.');
    }

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      SECRET_KEY: database.secretKey,
      DATA_DIR: config.dataDir,
    };
    children.push(startNodeChild('api', join(distDir, 'api', 'main.js'), env));
    children.push(startNodeChild('worker', join(distDir, 'worker', 'main.js'), workerEnvironment(env)));
  } catch (error) {
    say(`Could not start: ${(error as Error).message}`);
    return shutdown('Start failed', 1);
  }

  const signalled = new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('Interrupted'));
    process.once('SIGTERM', () => resolve('Terminated'));
  });
  const childDied = Promise.race(children.map((child) => child.exited.then((code) => ({ child, code }))));

  void waitForHealth(`http://127.0.0.1:${config.server.port}`, 90_000).then((healthy) => {
    if (stopping) return;
    if (healthy) announce(config, firstStart);
    else say('The API did not become healthy within 90 s; see the logs above.');
  });

  const outcome = await Promise.race([signalled.then((reason) => ({ reason })), childDied]);
  if ('reason' in outcome) return shutdown(outcome.reason, 0);
  return shutdown(`The ${outcome.child.name} process exited (code ${String(outcome.code)})`, 1);
}
