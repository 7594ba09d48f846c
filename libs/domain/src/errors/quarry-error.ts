/**
 * Every failure a Quarry library can report. The name is also the `error.name` on the wire
 * (Lightdash-compatible); the HTTP layer maps each to a status in exactly one place.
 */
export type ErrorName =
  | 'ValidationError'
  | 'ParameterError'
  | 'AuthorizationError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'AlreadyExistsError'
  | 'ConflictError'
  | 'ExpiredError'
  | 'PayloadTooLargeError'
  | 'TooManyRequestsError'
  | 'ServiceUnavailableError'
  | 'WarehouseConnectionError'
  | 'WarehouseQueryError'
  | 'TransformProjectError'
  | 'UnexpectedServerError';

export type ErrorData = Record<string, unknown>;

export class QuarryError extends Error {
  constructor(
    override readonly name: ErrorName,
    message: string,
    readonly data: ErrorData = {},
  ) {
    super(message);
  }
}

export class ParameterError extends QuarryError {
  constructor(message = 'Incorrect parameters', data: ErrorData = {}) {
    super('ParameterError', message, data);
  }
}

export class AuthorizationError extends QuarryError {
  constructor(message = 'Failed to authorize user', data: ErrorData = {}) {
    super('AuthorizationError', message, data);
  }
}

export class ForbiddenError extends QuarryError {
  constructor(message = 'You do not have permission to do this', data: ErrorData = {}) {
    super('ForbiddenError', message, data);
  }
}

export class NotFoundError extends QuarryError {
  constructor(message = 'Not found', data: ErrorData = {}) {
    super('NotFoundError', message, data);
  }
}

export class AlreadyExistsError extends QuarryError {
  constructor(message: string, data: ErrorData = {}) {
    super('AlreadyExistsError', message, data);
  }
}

export class ConflictError extends QuarryError {
  constructor(message: string, data: ErrorData = {}) {
    super('ConflictError', message, data);
  }
}

export class ServiceUnavailableError extends QuarryError {
  constructor(message: string, data: ErrorData = {}) {
    super('ServiceUnavailableError', message, data);
  }
}

/** The warehouse could not be reached or refused the credentials; `data.step` names what failed. */
export class WarehouseConnectionError extends QuarryError {
  constructor(message: string, data: ErrorData = {}) {
    super('WarehouseConnectionError', message, data);
  }
}

/** The warehouse rejected or failed a query. */
export class WarehouseQueryError extends QuarryError {
  constructor(message: string, data: ErrorData = {}) {
    super('WarehouseQueryError', message, data);
  }
}

/** The transform (dbt) project could not be read or compiled into explores. */
export class TransformProjectError extends QuarryError {
  constructor(message: string, data: ErrorData = {}) {
    super('TransformProjectError', message, data);
  }
}

export function isQuarryError(error: unknown): error is QuarryError {
  return error instanceof QuarryError;
}

/** What was asked for existed but is gone: e.g. the results of a v2 query past their TTL. */
export class ExpiredError extends QuarryError {
  constructor(message: string, data: ErrorData = {}) {
    super('ExpiredError', message, data);
  }
}

/** The caller has too much work in progress; `retryAfterSeconds` says when to try again (the Retry-After header). */
export class TooManyRequestsError extends QuarryError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    data: ErrorData = {},
  ) {
    super('TooManyRequestsError', message, { ...data, retryAfterSeconds });
  }
}
