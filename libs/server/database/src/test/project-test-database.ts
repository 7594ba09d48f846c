import { randomUUID } from 'node:crypto';

import { createTestDatabase, type TestDatabase } from '@quarry/testing';
import type { DataSource } from 'typeorm';

import { createDataSource, runMigrations } from '../data-source';

/** For integration specs: a migrated database of its own holding one organization and one project. */
export interface ProjectTestDatabase {
  database: TestDatabase;
  dataSource: DataSource;
  projectUuid: string;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

export async function projectTestDatabase(name: string): Promise<ProjectTestDatabase> {
  const database = await createTestDatabase(name);
  const dataSource = await createDataSource(database.url).initialize();
  await runMigrations(dataSource);
  const organizationUuid = randomUUID();
  const projectUuid = randomUUID();
  await dataSource.query(`INSERT INTO organizations (organization_uuid, name) VALUES ($1, 'Org')`, [organizationUuid]);
  await dataSource.query(
    `INSERT INTO projects (project_uuid, organization_uuid, name, project_type, transform_version, transform_type, transform_connection_sealed) VALUES ($1, $2, 'P', 'DEFAULT', 'v1.7', 'none', 'x')`,
    [projectUuid, organizationUuid],
  );
  return {
    database,
    dataSource,
    projectUuid,
    drop: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}
