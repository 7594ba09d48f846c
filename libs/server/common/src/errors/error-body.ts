import { randomUUID } from 'node:crypto';

import { HttpException } from '@nestjs/common';
import { type ErrorData, type ErrorName, isQuarryError } from '@quarry/domain';

import { errorNameOfStatus, httpStatusOf } from './http-status';

export interface ErrorBody {
  status: 'error';
  error: { statusCode: number; name: ErrorName; message: string; data: ErrorData };
}

export interface DescribedError {
  statusCode: number;
  body: ErrorBody;
  /** Set for unexpected errors: the id logged with the stack and returned to the caller. */
  errorId?: string;
}

function body(statusCode: number, name: ErrorName, message: string, data: ErrorData = {}): ErrorBody {
  return { status: 'error', error: { statusCode, name, message, data } };
}

/** Body-parser and similar middleware errors: a status, an `expose` flag and a type. */
function middlewareError(error: unknown): { status: number; message: string; type?: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown; type?: unknown };
  const status = typeof candidate.status === 'number' ? candidate.status : candidate.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500 || candidate.expose !== true) return undefined;
  return { status, message: String(candidate.message), type: typeof candidate.type === 'string' ? candidate.type : undefined };
}

/** Turns anything thrown while handling a request into the wire error envelope. */
export function describeError(error: unknown): DescribedError {
  if (isQuarryError(error)) {
    const statusCode = httpStatusOf(error.name);
    return { statusCode, body: body(statusCode, error.name, error.message, error.data) };
  }
  const exposed = middlewareError(error);
  if (exposed) {
    const message =
      exposed.type === 'entity.parse.failed'
        ? `Request body is not valid JSON: ${exposed.message}`
        : exposed.type === 'entity.too.large'
          ? `The request body is larger than this route accepts (HTTP_BODY_LIMIT_MB; PROJECT_BODY_LIMIT_MB for creating a project): ` +
            `send fewer or shorter values`
          : exposed.message;
    return { statusCode: exposed.status, body: body(exposed.status, errorNameOfStatus(exposed.status), message) };
  }
  if (error instanceof HttpException) {
    const statusCode = error.getStatus();
    if (statusCode < 500) {
      const response = error.getResponse();
      const message =
        typeof response === 'object' && response !== null && 'message' in response
          ? [(response as { message: unknown }).message].flat().join('; ')
          : error.message;
      return { statusCode, body: body(statusCode, errorNameOfStatus(statusCode), message) };
    }
  }
  const errorId = randomUUID();
  return {
    statusCode: 500,
    errorId,
    body: body(500, 'UnexpectedServerError', `Something went wrong on our side. Quote error id ${errorId} when reporting it.`, {
      errorId,
    }),
  };
}
