import { cpSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_DUCKDB_FILE_NAME, demoProjectDirectory, generateDemoWarehouse } from '@quarry/demo-data';
import { organizationDataFolder, type Principal } from '@quarry/domain';
import type { AppConfigValues } from '@quarry/server/config';
import { ProjectsService } from '@quarry/server/projects';

import { withServices } from './with-services';

/** Where the demo lives inside its organization's folder of DATA_DIR (where the project's paths resolve). */
export const DEMO_WAREHOUSE_PATH = join('warehouses', DEMO_DUCKDB_FILE_NAME);
export const DEMO_PROJECT_PATH = join('projects', 'demo-shop');

/**
 * DATA_DIR/warehouses and DATA_DIR/projects, laid out before organizations had folders (or placed
 * there by hand before the first start), belong to the first organization: moved into its folder,
 * where its projects' paths resolve. Only on the first start, when that organization is the only one.
 */
function adoptTopLevelFolders(dataDir: string, folder: string): void {
  for (const name of ['warehouses', 'projects']) {
    const legacy = join(dataDir, name);
    if (!existsSync(legacy) || existsSync(join(folder, name))) continue;
    mkdirSync(folder, { recursive: true });
    renameSync(legacy, join(folder, name));
  }
}

/**
 * Quarry's own demo: generates the e-commerce warehouse in DuckDB (once; API and worker then open it
 * read-only), copies the demo transform project into the admin's organization folder of DATA_DIR,
 * and creates the project, whose compile the worker picks up as soon as it starts.
 */
export async function createDemoProject(
  config: AppConfigValues,
  admin: Principal,
  scale: number,
  say: (line: string) => void,
): Promise<string> {
  const folder = organizationDataFolder(config.dataDir, admin.organizationUuid);
  adoptTopLevelFolders(config.dataDir, folder);
  const warehouseFile = join(folder, DEMO_WAREHOUSE_PATH);
  if (!existsSync(warehouseFile)) {
    mkdirSync(join(folder, 'warehouses'), { recursive: true });
    const started = Date.now();
    say(`Generating the demo warehouse (scale ${scale})…`);
    await generateDemoWarehouse({ file: warehouseFile, scale });
    say(`Demo warehouse ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${warehouseFile}`);
  }
  const projectDir = join(folder, DEMO_PROJECT_PATH);
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
