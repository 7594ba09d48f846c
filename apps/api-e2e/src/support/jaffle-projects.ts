import { jaffleManifest } from '@quarry/testing';

import { call } from './api-client';
import { waitFor } from './processes';
import { sharedQuarry } from './shared-quarry';

/** The jaffle fixture as a warehouse: the DuckDB file under DATA_DIR, or schema `jaffle` in PostgreSQL. */
export const JAFFLE_WAREHOUSES = {
  duckdb: { type: 'duckdb', path: 'warehouses/postgres.duckdb' },
  postgres: { type: 'postgres', host: '127.0.0.1', port: 5432, user: 'postgres', password: 'x', dbname: 'postgres', schema: 'jaffle' },
};

/**
 * A new project on the jaffle manifest (or a variant of it) and the given warehouse, once its
 * explores are compiled; through the shared API unless another (on the same database) is named.
 */
export async function compiledJaffleProject(
  warehouseConnection: Record<string, unknown>,
  manifest: Record<string, unknown> = jaffleManifest(),
  baseUrl = sharedQuarry().baseUrl,
): Promise<string> {
  const { adminToken } = sharedQuarry();
  const created = await call(baseUrl, 'POST', '/api/v1/org/projects', {
    token: adminToken,
    body: {
      name: `Jaffle on ${String(warehouseConnection['type'])}`,
      type: 'DEFAULT',
      transformVersion: 'v1.7',
      warehouseConnection,
      transformConnection: { type: 'manifest', manifest },
    },
  });
  if (created.status !== 200) throw new Error(`could not create project: ${JSON.stringify(created.body)}`);
  const project = created.body.results.project;
  await waitFor('compile', async () => {
    const status = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${project.compile.jobId}/status`, { token: adminToken });
    return status.body.results?.status === 'completed' ? true : undefined;
  });
  return project.projectUuid;
}
