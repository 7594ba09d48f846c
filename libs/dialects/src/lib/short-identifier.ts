import { createHash } from 'node:crypto';

/** Hex digits of the hash that keeps shortened identifiers apart (48 bits). */
const HASH_LENGTH = 12;

/**
 * `name` if it fits in `maxBytes` UTF-8 bytes, else its longest prefix that leaves room for `_`
 * and a hash of the whole name. Deterministic, so every stage of a query (and the reader mapping
 * columns back) derives the same alias; two names sharing a long prefix differ in their hashes.
 */
export function shortIdentifier(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name, 'utf8') <= maxBytes) return name;
  const suffix = `_${createHash('sha256').update(name, 'utf8').digest('hex').slice(0, HASH_LENGTH)}`;
  let prefix = '';
  let bytes = 0;
  for (const char of name) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size + suffix.length > maxBytes) break;
    prefix += char;
    bytes += size;
  }
  return `${prefix}${suffix}`;
}
