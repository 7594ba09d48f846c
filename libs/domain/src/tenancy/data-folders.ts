import { join } from 'node:path';

/** Under DATA_DIR: one folder per organization, holding its DuckDB warehouses and transform folders. */
export const ORGANIZATIONS_FOLDER = 'organizations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DATA_DIR/organizations/<organizationUuid>: where an organization's DuckDB `path` and local
 * `project_dir` resolve, and the only folder of DATA_DIR they may name. The id must be a uuid,
 * so that no id can name another folder (`..`, `/`).
 */
export function organizationDataFolder(dataDir: string, organizationUuid: string): string {
  if (!UUID.test(organizationUuid)) throw new Error(`Not an organization id: ${JSON.stringify(organizationUuid)}`);
  return join(dataDir, ORGANIZATIONS_FOLDER, organizationUuid.toLowerCase());
}
