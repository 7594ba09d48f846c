import { type ErrorName, QuarryError } from '@quarry/domain';
import { SqlApiError } from '@quarry/sql-api';

import type { WireError } from '../wire/backend-messages';
import { WireValueError } from '../wire/value-codec';

/** The SQLSTATE of each Quarry failure (the HTTP layer's status, in PostgreSQL's terms). */
const SQL_STATES: Readonly<Record<ErrorName, string>> = {
  ValidationError: '22023',
  ParameterError: '22023',
  AuthorizationError: '28000',
  ForbiddenError: '42501',
  NotFoundError: '42P01',
  AlreadyExistsError: '42710',
  ConflictError: '55000',
  ExpiredError: '55000',
  PayloadTooLargeError: '54000',
  TooManyRequestsError: '53400',
  ServiceUnavailableError: '57P03',
  WarehouseConnectionError: '08006',
  WarehouseQueryError: '58000',
  TransformProjectError: '55000',
  UnexpectedServerError: 'XX000',
};

/** What the client is told about a failure; unexpected ones say nothing of the server's internals. */
export function wireError(error: unknown, signal?: AbortSignal): WireError {
  if (signal?.aborted) return { severity: 'ERROR', code: '57014', message: 'canceling statement due to user request' };
  if (error instanceof SqlApiError) return { severity: 'ERROR', code: error.sqlState, message: error.message };
  if (error instanceof WireValueError) return { severity: 'ERROR', code: '22P02', message: error.message };
  if (error instanceof QuarryError) {
    const detail = Object.keys(error.data).length > 0 ? JSON.stringify(error.data) : undefined;
    return { severity: 'ERROR', code: SQL_STATES[error.name] ?? 'XX000', message: error.message, ...(detail ? { detail } : {}) };
  }
  return { severity: 'ERROR', code: 'XX000', message: 'internal error: the statement failed (see the server log)' };
}

/** Whether the failure is the server's own (logged), rather than the statement's or the caller's. */
export function isUnexpected(error: unknown): boolean {
  return !(error instanceof SqlApiError || error instanceof WireValueError || error instanceof QuarryError);
}
