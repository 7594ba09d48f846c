import type { AppConfigValues } from '@quarry/server/config';
import { migrateDatabase } from '@quarry/server/database';

import { acquireDatabase } from '../launcher/database-target';

const say = (line: string) => process.stdout.write(`[quarry] ${line}\n`);

/** `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
export async function migrate(config: AppConfigValues): Promise<number> {
  const database = await acquireDatabase(config, say);
  try {
    const applied = await migrateDatabase(database.url);
    say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Nothing to migrate: the database is up to date.');
    return 0;
  } finally {
    await database.release();
  }
}
