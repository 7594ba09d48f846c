import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_DUCKDB_FILE_NAME, demoProjectDirectory, generateDemoWarehouse } from '@quarry/demo-data';
import type { Principal } from '@quarry/domain';
import type { AppConfigValues } from '@quarry/server/config';
import { ProjectsService } from '@quarry/server/projects';

import { withServices } from './with-services';

/** Where the demo lives inside DATA_DIR. */
export const DEMO_WAREHOUSE_PATH = join('warehouses', DEMO_DUCKDB_FILE_NAME);
export const DEMO_PROJECT_PATH = join('projects', 'demo-shop');

/**
 * Quarry's own demo: generates the e-commerce warehouse in DuckDB (once; API and worker then open it
 * read-only), copies the demo transform project under DATA_DIR, and creates the project, whose
 * compile the worker picks up as soon as it starts.
 */
export async function createDemoProject(config: AppConfigValues, admin: Principal, scale: number, say: (line: string) => void): Promise<string> {
  const warehouseFile = join(config.dataDir, DEMO_WAREHOUSE_PATH);
  if (!existsSync(warehouseFile)) {
    mkdirSync(join(config.dataDir, 'warehouses'), { recursive: true });
    const started = Date.now();
    say(`Generating the demo warehouse (scale ${scale})…`);
    await generateDemoWarehouse({ file: warehouseFile, scale });
    say(`Demo warehouse ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${warehouseFile}`);
  }
  const projectDir = join(config.dataDir, DEMO_PROJECT_PATH);
  if (!existsSync(projectDir)) cpSync(demoProjectDirectory(), projectDir, { recursive: true });

  return withServices(
    config,
    async (app) => {
      const created = await app.get(ProjectsService).create(admin, {
        name: 'Demo shop',
        type: 'DEFAULT',
        transformVersion: 'v1.7',
        warehouseConnection: { type: 'duckdb', path: DEMO_WAREHOUSE_PATH },
        transformConnection: { type: 'transform', project_dir: DEMO_PROJECT_PATH },
      });
      return created.project.projectUuid;
    },
    { withProjects: true },
  );
}
