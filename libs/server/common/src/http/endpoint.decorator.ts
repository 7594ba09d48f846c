import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiResponse, ApiSecurity, getSchemaPath } from '@nestjs/swagger';

import { ApiErrorEnvelopeDto } from './api-envelope.dto';
import { Enveloped } from './enveloped.decorator';
import { ERROR_EXAMPLES, takesInput } from './error-examples';
import { Public } from './public.decorator';

export const API_KEY_SECURITY = 'ApiKey';

export interface EndpointOptions {
  summary: string;
  description?: string;
  /** The DTO in `results`; an array means a list. Omit for `results: null`. */
  response?: Type<unknown> | [Type<unknown>];
  /** Public routes need no token: only health and docs. */
  isPublic?: boolean;
  /** Statuses this route can answer with besides 200, 401, 500 and (when it takes a body, query or path parameter) 400. */
  errors?: number[];
  operationId?: string;
  /** The success status, as the reference answers the same request (201 for some creations); 200 by default. */
  status?: 200 | 201;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: every offending field is named in error.data',
  401: 'Missing, unknown, expired or revoked token',
  403: 'Authenticated, but the role does not allow this',
  404: 'Not found (or not visible to the caller)',
  406: 'Expired',
  409: 'Conflicts with the current state',
  413: 'The request body is larger than HTTP_BODY_LIMIT_MB',
  429: "Too many of your queries are running or waiting; retry after the Retry-After header's seconds",
  500: 'Unexpected error; error.data.errorId is in the server logs',
  503: 'A dependency (database, Redis) is unavailable',
};

function resultsSchema(response: EndpointOptions['response']) {
  if (!response) return { type: 'object', nullable: true };
  if (Array.isArray(response)) return { type: 'array', items: { $ref: getSchemaPath(response[0]) } };
  return { $ref: getSchemaPath(response) };
}

/**
 * One decorator per route: summary, 200 (or `status`) with the `{ status: "ok", results }` envelope (the
 * handler's result is wrapped in it), the standard error envelopes, and the token requirement.
 */
export function Endpoint(options: EndpointOptions): MethodDecorator {
  return (target, propertyKey, descriptor) => endpointDecorators(options, takesInput(target, propertyKey))(target, propertyKey, descriptor);
}

function endpointDecorators(options: EndpointOptions, withInput: boolean): MethodDecorator {
  const models = options.response ? [Array.isArray(options.response) ? options.response[0] : options.response] : [];
  const statuses = [...new Set([...(withInput ? [400] : []), ...(options.isPublic ? [] : [401]), ...(options.errors ?? []), 500])].sort();
  return applyDecorators(
    Enveloped(),
    HttpCode(options.status ?? 200),
    ApiOperation({ summary: options.summary, description: options.description, operationId: options.operationId }),
    ApiExtraModels(ApiErrorEnvelopeDto, ...models),
    ApiResponse({
      status: options.status ?? 200,
      description: options.status === 201 ? 'Created' : 'Success',
      schema: {
        type: 'object',
        required: ['status', 'results'],
        properties: { status: { type: 'string', enum: ['ok'] }, results: resultsSchema(options.response) },
      },
    }),
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        type: ApiErrorEnvelopeDto,
        example: ERROR_EXAMPLES[status],
      }),
    ),
    ...(options.isPublic ? [Public()] : [ApiSecurity(API_KEY_SECURITY)]),
  );
}
