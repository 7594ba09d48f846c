import { WarehouseConnectionError } from '@quarry/domain';

/**
 * What failed while connecting, as specific as the warehouse lets us tell:
 * configuration — the connection fields themselves are invalid (`data.field` names the field);
 * ssh-tunnel — the SSH tunnel could not be set up;
 * resolve-host — the host name does not resolve;
 * connect — nothing answers, or the connection dropped or timed out;
 * tls — the TLS handshake or certificate check failed;
 * authenticate — the warehouse refused the credentials;
 * database / schema — the database (catalog, project, file) or schema does not exist or is not visible;
 * role / warehouse — the role cannot be assumed, or the compute (Snowflake warehouse) is unusable;
 * query — connected, but a trivial query fails.
 */
export type ConnectionStep =
  | 'configuration'
  | 'ssh-tunnel'
  | 'resolve-host'
  | 'connect'
  | 'tls'
  | 'authenticate'
  | 'database'
  | 'schema'
  | 'role'
  | 'warehouse'
  | 'query';

export function connectionError(step: ConnectionStep, message: string, data: Record<string, unknown> = {}): WarehouseConnectionError {
  return new WarehouseConnectionError(message, { ...data, step });
}

/**
 * What a caller learns when nothing usable answered at the host and port they gave: the same words
 * whether the port was closed, filtered, timed out, or held another kind of server (SSH, HTTP…),
 * and no OS error text — else project creation is a port scanner of the server's network.
 */
export const UNREACHABLE_DETAIL =
  'no warehouse answered there (the connection was refused, timed out or dropped, or another kind of server answered)';

/**
 * The error of a failed connection attempt, `target` naming where (host:port, or the service):
 * at the connect step the detail is replaced by UNREACHABLE_DETAIL and no error code is kept.
 */
export function connectionFailure(
  step: ConnectionStep,
  target: string,
  error: unknown,
  data: Record<string, unknown> = {},
): WarehouseConnectionError {
  if (step === 'connect') return connectionError('connect', `Could not connect to ${target}: ${UNREACHABLE_DETAIL}`);
  return connectionError(step, `Could not connect to ${target}: ${messageOf(error)}`, data);
}

export function configurationError(field: string, message: string): WarehouseConnectionError {
  return connectionError('configuration', message, { field });
}

export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error instanceof AggregateError) return error.errors.map(messageOf).join('; ');
  return String(error);
}

/** Network failures Node reports with an errno code, common to every SDK. */
export function networkStep(error: unknown): ConnectionStep | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const nested = error instanceof AggregateError ? error.errors.map(networkStep).find(Boolean) : undefined;
  if (nested) return nested;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'resolve-host';
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EPIPE':
    case 'ECONNABORTED':
      return 'connect';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_HAS_EXPIRED':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return 'tls';
    default:
      return undefined;
  }
}
