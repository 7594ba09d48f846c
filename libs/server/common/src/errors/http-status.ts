import type { ErrorName } from '@quarry/domain';

/** The one place an error name becomes an HTTP status. Exhaustive: a new name must be mapped. */
export function httpStatusOf(name: ErrorName): number {
  switch (name) {
    case 'ValidationError':
    case 'ParameterError':
    case 'WarehouseConnectionError':
    case 'WarehouseQueryError':
    case 'TransformProjectError':
      return 400;
    case 'AuthorizationError':
      return 401;
    case 'ForbiddenError':
      return 403;
    case 'NotFoundError':
      return 404;
    case 'ExpiredError':
      return 406;
    case 'AlreadyExistsError':
    case 'ConflictError':
      return 409;
    case 'PayloadTooLargeError':
      return 413;
    case 'TooManyRequestsError':
      return 429;
    case 'ServiceUnavailableError':
      return 503;
    case 'UnexpectedServerError':
      return 500;
  }
}

/** Errors from Nest or Express that carry an HTTP status get the closest Quarry name. */
export function errorNameOfStatus(status: number): ErrorName {
  if (status === 401) return 'AuthorizationError';
  if (status === 403) return 'ForbiddenError';
  if (status === 404) return 'NotFoundError';
  if (status === 406) return 'ExpiredError';
  if (status === 409) return 'ConflictError';
  if (status === 413) return 'PayloadTooLargeError';
  if (status === 429) return 'TooManyRequestsError';
  if (status === 503) return 'ServiceUnavailableError';
  if (status >= 400 && status < 500) return 'ParameterError';
  return 'UnexpectedServerError';
}
