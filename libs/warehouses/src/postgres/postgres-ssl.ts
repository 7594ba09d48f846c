import type { ConnectionOptions as TlsOptions } from 'node:tls';

import { configurationError } from '../adapter/connection-error';
import { POSTGRES_SSL_MODES, type PostgresSslMode } from '../connections/postgres-connection';

/** node-postgres's `ssl` option: false for plain TCP, else TLS options. */
export type PostgresSsl = false | TlsOptions;

const ENCRYPT_WITHOUT_VERIFYING: TlsOptions = { rejectUnauthorized: false };

/**
 * The TLS settings to try, in order, for a libpq sslmode. node-postgres has no fallback of its
 * own, so `prefer` (libpq's default: TLS if the server offers it) and `allow` (plain unless the
 * server insists) are two attempts. `require` encrypts without checking the certificate, as libpq
 * does without a root certificate; `verify-ca` checks the chain but not the host name.
 */
export function sslAttempts(mode: PostgresSslMode | undefined): PostgresSsl[] {
  switch (mode ?? 'prefer') {
    case 'disable':
      return [false];
    case 'allow':
      return [false, ENCRYPT_WITHOUT_VERIFYING];
    case 'prefer':
      return [ENCRYPT_WITHOUT_VERIFYING, false];
    case 'require':
    case 'no-verify':
      return [ENCRYPT_WITHOUT_VERIFYING];
    case 'verify-ca':
      return [{ rejectUnauthorized: true, checkServerIdentity: () => undefined }];
    case 'verify-full':
      return [{ rejectUnauthorized: true }];
    default:
      throw configurationError('sslmode', `sslmode must be one of ${POSTGRES_SSL_MODES.join(', ')}`);
  }
}

/** The server refused the attempt's encryption choice, so the next attempt (if any) may succeed. */
export function isSslNegotiationFailure(error: unknown): boolean {
  const { message = '', code } = (error ?? {}) as { message?: string; code?: string };
  if (/does not support SSL/i.test(message)) return true;
  return code === '28000' && /no encryption|SSL off/i.test(message);
}
