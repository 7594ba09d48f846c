import { Client } from 'pg';

import { NoQuarryDataError } from './database-target';

/** Refuses a metadata database Quarry never migrated (a wrong DATABASE_URL), before a command trips over a missing table. */
export async function assertQuarryDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: string | null }>("SELECT to_regclass('quarry_migrations')::text AS found");
    if (!rows[0]?.found) {
      throw new NoQuarryDataError(
        `No Quarry data in the metadata database ${redacted(url)}: run \`npm start\` or \`npm run migrate\` first, ` +
          `or point DATABASE_URL elsewhere.`,
      );
    }
  } finally {
    await client.end();
  }
}

function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}
