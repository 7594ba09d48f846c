import { DataSource, type DataSourceOptions } from 'typeorm';

import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** One number for every Quarry process, so concurrent boots migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_301_730_173;

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'quarry_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: 10, connectionTimeoutMillis: 5_000 },
  };
}

export function createDataSource(url: string): DataSource {
  return new DataSource(dataSourceOptions(url));
}

/**
 * Applies pending migrations while holding a session advisory lock, so API processes booting
 * together (scale-out, rolling deploys) never run the same migration twice.
 * Returns the names of the migrations it applied.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}

/** Runs pending migrations against a database URL with a short-lived connection. */
export async function migrateDatabase(url: string): Promise<string[]> {
  const dataSource = await createDataSource(url).initialize();
  try {
    return await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
