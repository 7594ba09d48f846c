import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Reads a secret kept in DATA_DIR, creating it (readable by this user only) on first use. */
export function readOrCreateSecret(file: string, bytes = 32): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // Only the secrets' own folder is private: DATA_DIR itself must stay reachable by the
  // `postgres` user that embedded PostgreSQL runs as under root.
  mkdirSync(dirname(dirname(file)), { recursive: true });
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
