import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

import { organizationDataFolder, TransformProjectError } from '@quarry/domain';
import { readYamlProjectFromDirectory } from '@quarry/semantic';

import type { TransformInput } from './transform-input';

const FIELD = { field: 'transformConnection.project_dir' };

/** Where an organization's local transform folders may be. */
export interface LocalProjectFolders {
  /** DATA_DIR: inside it, only the organization's own folder may be named. */
  dataDir: string;
  /** DATA_DIR/organizations/<organizationUuid>: relative `project_dir`s resolve here. */
  organizationFolder: string;
  /** TRANSFORM_LOCAL_ROOTS: folders outside DATA_DIR the operator shares with every organization. */
  sharedRoots: readonly string[];
}

export function localProjectFolders(dataDir: string, organizationUuid: string, sharedRoots: readonly string[]): LocalProjectFolders {
  return { dataDir, organizationFolder: organizationDataFolder(dataDir, organizationUuid), sharedRoots };
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * How a message names `project_dir`: as written when relative; an absolute one relative to the
 * organization's folder when inside it, else as `(an absolute path)` — never where DATA_DIR is.
 */
function shown(written: string, folder: string): string {
  if (!isAbsolute(written)) return written;
  const inside = relative(folder, written);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : '(an absolute path)';
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Resolves `project_dir` (relative to the organization's folder of DATA_DIR, or absolute) to the
 * real folder it names, which must lie in that organization's folder or under a shared root —
 * and never in another part of DATA_DIR (another organization's folder), whatever a shared root
 * covers. Then the folder is checked as every project folder is (see checkedProjectFolder).
 */
export function resolveLocalProjectDir(written: string, folders: LocalProjectFolders): string {
  const projectDir = shown(written, folders.organizationFolder);
  const candidate = resolve(folders.organizationFolder, written);
  const real = realOrUndefined(candidate);
  if (real === undefined) throw new TransformProjectError(`project_dir ${projectDir} does not exist in the organization's folder`, FIELD);
  const own = realOrUndefined(folders.organizationFolder);
  const dataDir = realOrUndefined(folders.dataDir) ?? resolve(folders.dataDir);
  const inOwnFolder = own !== undefined && isInside(own, real);
  const shared =
    !isInside(dataDir, real) &&
    folders.sharedRoots.some((root) => {
      const realRoot = realOrUndefined(root);
      return realRoot !== undefined && isInside(realRoot, real);
    });
  if (!inOwnFolder && !shared) {
    throw new TransformProjectError(
      `project_dir ${projectDir} is outside the allowed folders (the organization's folder of DATA_DIR and TRANSFORM_LOCAL_ROOTS)`,
      FIELD,
    );
  }
  return checkedProjectFolder(real, projectDir);
}

/** A cloned repository's project folder (`project_sub_path` inside the clone), checked as every project folder is. */
export function resolveClonedProjectDir(cloneDir: string, subPath: string): string {
  const root = realpathSync(cloneDir);
  const real = realOrUndefined(join(root, subPath));
  if (real === undefined || !isInside(root, real))
    throw new TransformProjectError(`project_sub_path ${subPath} does not exist in the repository`, {
      field: 'transformConnection.project_sub_path',
    });
  return checkedProjectFolder(real, subPath);
}

/** Folders whose files the loader never reads (see readYamlProjectFromDirectory), but for target/manifest.json. */
const UNREAD_FOLDERS = new Set(['target', 'dbt_packages', 'dbt_modules', 'node_modules', 'logs', '.git']);

/**
 * A project folder has dbt_project.yml, and no symbolic link among the files Quarry reads leads
 * outside it: a link to /etc/passwd or to another organization's model would otherwise be read
 * as the project's own (and shown in a compile error). Refused naming the file, never its content.
 */
function checkedProjectFolder(dir: string, written: string): string {
  if (!existsSync(join(dir, 'dbt_project.yml'))) throw new TransformProjectError(`project_dir ${written} has no dbt_project.yml`, FIELD);
  const refuse = (path: string): never => {
    const name = relative(dir, path).split(sep).join('/');
    throw new TransformProjectError(`project_dir ${written}: ${name} is a symbolic link that leads outside the project folder`, FIELD);
  };
  const check = (path: string): boolean => {
    if (!lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return false;
    const target = realOrUndefined(path);
    if (target === undefined || !isInside(dir, target)) refuse(path);
    return true;
  };
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isSymbolicLink()) check(path);
      else if (entry.isDirectory() && !UNREAD_FOLDERS.has(entry.name)) visit(path);
    }
  };
  visit(dir);
  check(join(dir, 'target'));
  check(join(dir, 'target', 'manifest.json'));
  return dir;
}

/** JSON.parse names the text it stopped at: the reason without it (the file may not be a manifest at all). */
function withoutQuotedText(message: string): string {
  return message.replace(/"(?:[^"\\]|\\.)*"(?:\.\.\.)?/g, '…');
}

/** A project folder: its compiled `target/manifest.json` when present, else its YAML files. */
export async function loadProjectFolder(dir: string): Promise<TransformInput> {
  const manifestPath = join(dir, 'target', 'manifest.json');
  if (existsSync(manifestPath)) {
    // Read through its real path, checked again now: the folder may have changed since it was resolved.
    const real = realOrUndefined(manifestPath);
    if (real === undefined || !isInside(realpathSync(dir), real))
      throw new TransformProjectError('target/manifest.json is a symbolic link that leads outside the project folder', FIELD);
    let text: string;
    try {
      text = await readFile(real, 'utf8');
      return { kind: 'manifest', manifest: JSON.parse(text) };
    } catch (error) {
      throw new TransformProjectError(`target/manifest.json is not valid JSON: ${withoutQuotedText((error as Error).message)}`);
    }
  }
  return { kind: 'yaml', files: await readYamlProjectFromDirectory(dir) };
}
