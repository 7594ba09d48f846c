import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ErrorName } from '@quarry/domain';

import { errorNameOfStatus } from '../errors/http-status';

interface ErrorExample {
  status: 'error';
  error: { statusCode: number; name: ErrorName; message: string; data: Record<string, unknown> };
}

const example = (statusCode: number, message: string, data: Record<string, unknown> = {}, name = errorNameOfStatus(statusCode)) => ({
  status: 'error' as const,
  error: { statusCode, name, message, data },
});

/** Each error status's example body in the OpenAPI document: real answers of this API, one per status. */
export const ERROR_EXAMPLES: Record<number, ErrorExample> = {
  400: example(400, 'Invalid request: name: name must be a string', { name: ['name must be a string'] }, 'ValidationError'),
  401: example(401, 'Personal access token is not recognised'),
  403: example(403, 'An organization must keep at least one admin'),
  404: example(404, 'Space not found', { spaceUuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6' }),
  406: example(406, 'The results of this query have expired: run it again', { queryUuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }),
  409: example(409, 'The project has no explores yet: it is compiling', { compileStatus: 'compiling' }),
  413: example(
    413,
    'The request body is larger than this route accepts (HTTP_BODY_LIMIT_MB; PROJECT_BODY_LIMIT_MB for creating a project): ' +
      'send fewer or shorter values',
  ),
  429: example(
    429,
    'You have 4 queries running and 8 waiting: wait for them to finish (QUERY_MAX_CONCURRENT_PER_USER, QUERY_MAX_QUEUED_PER_USER)',
    {
      retryAfterSeconds: 5,
    },
  ),
  500: example(500, 'Something went wrong on our side. Quote error id 9b2f3c1e-4a5d-4f6e-8a7b-0c1d2e3f4a5b when reporting it.', {
    errorId: '9b2f3c1e-4a5d-4f6e-8a7b-0c1d2e3f4a5b',
  }),
  503: example(503, 'The job queue (Redis) is unavailable; try again in a moment', { jobName: 'projects.compile' }),
};

/** Arguments a request can get wrong (a 400): its body, query, path parameters, or the raw request a handler reads. */
const INPUT_ARGUMENTS = new Set([
  RouteParamtypes.BODY,
  RouteParamtypes.QUERY,
  RouteParamtypes.PARAM,
  RouteParamtypes.RAW_BODY,
  RouteParamtypes.REQUEST,
]);

/**
 * Whether a route handler takes input a request can get wrong. Read from the parameters' decorators (@Body, @Query,
 * @Param), which TypeScript applies before the method's: a route taking none cannot answer 400.
 */
export function takesInput(target: object, propertyKey: string | symbol): boolean {
  const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, propertyKey) ?? {};
  return Object.keys(args).some((key) => INPUT_ARGUMENTS.has(Number(key.split(':')[0]) as RouteParamtypes));
}
