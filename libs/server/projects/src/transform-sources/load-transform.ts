import type { TransformConnection } from '@quarry/domain';
import type { OutboundPolicy } from '@quarry/server/common';

import { fetchCloudManifest } from './cloud-ide';
import { cloneBranch } from './git-clone';
import { loadProjectFolder, type LocalProjectFolders, resolveClonedProjectDir, resolveLocalProjectDir } from './local-project';
import type { TransformInput } from './transform-input';

/**
 * Where local project folders may be, for the project's organization (see localProjectFolders), and which hosts git clones and the cloud
 * IDE API may be fetched from.
 */
export interface TransformSourceContext extends LocalProjectFolders {
  outbound: OutboundPolicy;
}

/** Reads a project's transform project from wherever its connection says it lives. */
export async function loadTransform(connection: TransformConnection, context: TransformSourceContext): Promise<TransformInput> {
  switch (connection.type) {
    case 'none':
      return { kind: 'none' };
    case 'manifest':
      return { kind: 'manifest', manifest: connection.manifest };
    case 'transform':
      return loadProjectFolder(resolveLocalProjectDir(connection.project_dir, context));
    case 'transform_cloud_ide':
      return fetchCloudManifest(connection, context.outbound);
    case 'github':
    case 'gitlab':
    case 'bitbucket':
    case 'azure_devops': {
      const clone = await cloneBranch(connection, { policy: context.outbound });
      try {
        const subPath = connection.project_sub_path.replace(/^\/+/, '') || '.';
        return await loadProjectFolder(resolveClonedProjectDir(clone.dir, subPath));
      } finally {
        await clone.remove();
      }
    }
  }
}
