import { connectionFailure, type ConnectionStep, networkStep } from '../adapter/connection-error';
import { toQueryError } from '../query/query-errors';

interface PgLikeError {
  code?: string;
  message?: string;
}

/** SQLSTATEs that PostgreSQL (and Redshift) answer a login with. */
const STEP_BY_SQLSTATE: Readonly<Record<string, ConnectionStep>> = {
  '28P01': 'authenticate', // invalid_password
  '28000': 'authenticate', // invalid_authorization_specification: unknown role, pg_hba refusal
  '3D000': 'database', // invalid_catalog_name: no such database
  '53300': 'connect', // too_many_connections
  '57P03': 'connect', // cannot_connect_now: starting up / shutting down
};

/** Which step a failed connection attempt failed at. */
export function postgresConnectionStep(error: unknown): ConnectionStep {
  const network = networkStep(error);
  if (network) return network;
  const { code, message = '' } = (error ?? {}) as PgLikeError;
  // The peer answered the SSL request with neither yes nor no: it is not PostgreSQL (an SSH or HTTP port).
  if (/error establishing an SSL connection/i.test(message)) return 'connect';
  if (/\bSSL\b|TLS|certificate/i.test(message) && code !== '28P01') return 'tls';
  if (code && STEP_BY_SQLSTATE[code]) return STEP_BY_SQLSTATE[code];
  return 'connect';
}

export function postgresConnectionError(error: unknown, host: string, port: number) {
  const code = (error as PgLikeError | null)?.code;
  return connectionFailure(postgresConnectionStep(error), `${host}:${port}`, error, code ? { code } : {});
}

/** A query failure with the server's SQLSTATE, which callers can show or branch on. */
export function postgresQueryError(error: unknown): Error {
  const code = (error as PgLikeError | null)?.code;
  return toQueryError(error, code ? { code } : {});
}
