import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import { ORGANIZATIONS_FOLDER } from '@quarry/domain';
import { sqlRunnerOrganizationFolder } from '@quarry/server/exports';

import { purgeFilesOlderThan, type PurgeOutcome } from './expired-files';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * SQL runner results expire by the exports' rule (files last written before `olderThan`), in each
 * organization's own folder: only its `sql-runner` folder is looked at, never its warehouses or
 * transform folders. Folders whose name is not an organization id, and symlinks, are left alone.
 */
export async function purgeSqlRunnerResults(dataDir: string, olderThan: Date): Promise<PurgeOutcome> {
  const outcome: PurgeOutcome = { files: 0, bytes: 0 };
  let organizations;
  try {
    organizations = await readdir(join(dataDir, ORGANIZATIONS_FOLDER), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return outcome;
    throw error;
  }
  for (const entry of organizations) {
    if (!entry.isDirectory() || !UUID.test(entry.name)) continue;
    const purged = await purgeFilesOlderThan(sqlRunnerOrganizationFolder(dataDir, entry.name), olderThan);
    outcome.files += purged.files;
    outcome.bytes += purged.bytes;
  }
  return outcome;
}
