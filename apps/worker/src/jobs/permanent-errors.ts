import { type ErrorName, QuarryError } from '@quarry/domain';

/** Failures that come out the same on every attempt: the request, the project or the SQL is wrong. */
const PERMANENT: ReadonlySet<ErrorName> = new Set<ErrorName>([
  'ValidationError',
  'ParameterError',
  'TransformProjectError',
  'AuthorizationError',
  'ForbiddenError',
  'NotFoundError',
  'ExpiredError',
  'PayloadTooLargeError',
  'AlreadyExistsError',
]);

/**
 * True when retrying cannot help, so the job should fail at once (BullMQ's UnrecoverableError)
 * instead of after its backoff. A warehouse's SQL error is permanent; its timeouts and
 * cancellations (which carry a `reason`) and connection errors may pass, and keep their retries.
 */
export function isPermanentJobError(error: unknown): boolean {
  if (!(error instanceof QuarryError)) return false;
  if (error.name === 'WarehouseQueryError') return !('reason' in (error.data ?? {}));
  return PERMANENT.has(error.name as ErrorName);
}
