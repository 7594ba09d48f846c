import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

import { configurationError, connectionError } from '../adapter/connection-error';

function isInside(root: string, candidate: string): boolean {
  const path = relative(root, candidate);
  return path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
}

/**
 * How a message names the path: as written when relative; an absolute one relative to the
 * organization's folder when inside it, else not at all (a message never prints where DATA_DIR is).
 */
function shown(path: string, folder: string): string {
  if (!isAbsolute(path)) return `"${path}"`;
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? `"${inside}"` : '(an absolute path)';
}

const OUTSIDE = "is outside the organization's folder of the data directory (paths are relative to it)";

/**
 * The real path of a DuckDB connection's `path`, which must name an existing file inside the
 * organization's folder of DATA_DIR (`folder`): relative paths resolve there, and the file must
 * lie inside it both as written (no `..`, no absolute path elsewhere) and after resolving
 * symbolic links (no link to another organization's file). Messages never print DATA_DIR.
 */
export function resolveDuckDbPath(path: unknown, folder: string): string {
  if (typeof path !== 'string' || path.trim() === '')
    throw configurationError('path', "path is required: a DuckDB file in the organization's folder of the data directory");
  if (path.startsWith(':') || path.includes('\0')) {
    throw configurationError(
      'path',
      "path must name a DuckDB file in the organization's folder of the data directory (in-memory databases are not allowed)",
    );
  }
  const written = resolve(folder);
  const named = shown(path, written);
  const candidate = resolve(written, path);
  let root: string | undefined;
  try {
    root = realpathSync(written);
  } catch {
    // A new organization has no folder yet: nothing can be inside it.
  }
  if (!isInside(written, candidate) && !(root !== undefined && isInside(root, candidate)))
    throw configurationError('path', `path ${named} ${OUTSIDE}`);
  let real: string;
  try {
    if (root === undefined) throw new Error('no folder');
    real = realpathSync(candidate);
  } catch {
    throw connectionError('database', `DuckDB file ${named} does not exist in the organization's folder of the data directory`, {
      field: 'path',
    });
  }
  if (!isInside(root, real))
    throw configurationError('path', `path ${named} leads outside the organization's folder through a symbolic link`);
  if (!statSync(real).isFile()) throw connectionError('database', `path ${named} is not a file`, { field: 'path' });
  return real;
}
