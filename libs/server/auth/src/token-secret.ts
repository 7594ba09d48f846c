import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'qry_';

/** A new personal access token: 32 random bytes, recognisable by its prefix in leaked-secret scans. */
export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Tokens carry 256 random bits, so a plain SHA-256 is a safe lookup key; no salt or KDF needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
