import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';

import { TransformProjectError } from '@quarry/domain';
import { readYamlProjectFromDirectory } from '@quarry/semantic';

import type { TransformInput } from './transform-input';

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Resolves `project_dir` (absolute, or relative to DATA_DIR) and insists it lies under one of the
 * allowed roots once symlinks are resolved, so a project cannot read arbitrary folders.
 */
export function resolveLocalProjectDir(projectDir: string, dataDir: string, allowedRoots: readonly string[]): string {
  const candidate = resolve(dataDir, projectDir);
  if (!existsSync(candidate)) {
    throw new TransformProjectError(`project_dir ${projectDir} does not exist`, { field: 'transformConnection.project_dir' });
  }
  const real = realpathSync(candidate);
  const roots = allowedRoots.filter((root) => existsSync(root)).map((root) => realpathSync(root));
  if (!roots.some((root) => isInside(root, real))) {
    throw new TransformProjectError(
      `project_dir ${projectDir} is outside the allowed folders (DATA_DIR and TRANSFORM_LOCAL_ROOTS)`,
      { field: 'transformConnection.project_dir' },
    );
  }
  if (!existsSync(join(real, 'dbt_project.yml'))) {
    throw new TransformProjectError(`project_dir ${projectDir} has no dbt_project.yml`, { field: 'transformConnection.project_dir' });
  }
  return real;
}

/** A project folder: its compiled `target/manifest.json` when present, else its YAML files. */
export async function loadProjectFolder(dir: string): Promise<TransformInput> {
  const manifestPath = join(dir, 'target', 'manifest.json');
  if (existsSync(manifestPath)) {
    try {
      return { kind: 'manifest', manifest: JSON.parse(await readFile(manifestPath, 'utf8')) };
    } catch (error) {
      throw new TransformProjectError(`target/manifest.json is not valid JSON: ${(error as Error).message}`);
    }
  }
  return { kind: 'yaml', files: await readYamlProjectFromDirectory(dir) };
}
