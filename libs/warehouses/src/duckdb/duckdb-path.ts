import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

import { configurationError, connectionError } from '../adapter/connection-error';

function isInside(root: string, candidate: string): boolean {
  const path = relative(root, candidate);
  return path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
}

function realDirectory(dataDir: string): string {
  try {
    return realpathSync(resolve(dataDir));
  } catch {
    throw connectionError('database', 'The data directory (DATA_DIR) does not exist, so no DuckDB file can be opened', { field: 'path' });
  }
}

/**
 * The real path of a DuckDB connection's `path`, which must name an existing file inside the data
 * directory — checked on the path as written (no `..` escapes, no absolute paths elsewhere) and
 * again after resolving symbolic links (no link pointing out). Messages never print DATA_DIR.
 */
export function resolveDuckDbPath(path: unknown, dataDir: string): string {
  if (typeof path !== 'string' || path.trim() === '') throw configurationError('path', 'path is required: a DuckDB file inside the data directory');
  if (path.startsWith(':') || path.includes('\0')) {
    throw configurationError('path', 'path must name a DuckDB file inside the data directory (in-memory databases are not allowed)');
  }
  const written = resolve(dataDir);
  const root = realDirectory(dataDir);
  const candidate = resolve(written, path);
  if (!isInside(written, candidate) && !isInside(root, candidate)) {
    throw configurationError('path', `path "${path}" is outside the data directory (DATA_DIR)`);
  }
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch {
    throw connectionError('database', `DuckDB file "${path}" does not exist in the data directory`, { field: 'path' });
  }
  if (!isInside(root, real)) throw configurationError('path', `path "${path}" leads outside the data directory (DATA_DIR) through a symbolic link`);
  if (!statSync(real).isFile()) throw connectionError('database', `path "${path}" is not a file`, { field: 'path' });
  return real;
}
