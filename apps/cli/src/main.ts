import 'reflect-metadata';
// Stack traces in TypeScript terms. Not node --enable-source-maps: it reads and keeps every
// dependency's map as it loads (≈ 12 MB of heap); this reads a map when a stack needs it.
import 'source-map-support/register';

import { join } from 'node:path';

import { isQuarryError } from '@quarry/domain';
import { type AppConfigValues, ConfigError, loadConfig } from '@quarry/server/config';

import { ADMIN_USAGE, runAdminCommand } from './commands/admin-commands';
import { migrate } from './commands/migrate';
import { start } from './commands/start';
import { acquireDatabase, NoQuarryDataError } from './launcher/database-target';
import { assertQuarryDatabase } from './launcher/quarry-data';

const USAGE = `Usage: node dist/apps/cli/main.js <command>
  start        run Quarry: embedded PostgreSQL (when DATABASE_URL is unset), migrations, API and worker
  migrate      apply pending metadata-database migrations
${ADMIN_USAGE}`;

async function admin(config: AppConfigValues, command: string, args: string[]): Promise<number> {
  // An admin command never creates a Quarry: where it finds none, it says so.
  const database = await acquireDatabase(config, (line) => process.stderr.write(`[quarry] ${line}\n`), { create: false });
  try {
    await assertQuarryDatabase(database.url);
    await runAdminCommand(command, args, { ...config, database: { url: database.url }, secretKey: database.secretKey });
    return 0;
  } finally {
    await database.release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 1;
  }
  const config = loadConfig(process.env, 'launcher');
  switch (command) {
    case 'start':
      return start(config, join(__dirname, '..'));
    case 'migrate':
      return migrate(config);
    default:
      return admin(config, command, args);
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    const explained = error instanceof ConfigError || error instanceof NoQuarryDataError || isQuarryError(error);
    const message = explained ? error.message : ((error as Error).stack ?? String(error));
    process.stderr.write(`${message}\n`);
    process.exit(1);
  });
