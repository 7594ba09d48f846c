import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { QuarryError } from '@quarry/domain';
import type { ValidationError } from 'class-validator';

import { MAX_INPUT_DEPTH, tooDeepPath } from './nesting-depth';

/** Flattens nested class-validator errors into `{ "dotted.path": ["message", ...] }`. */
export function validationErrorData(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const data: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) data[path] = Object.values(error.constraints);
    Object.assign(data, validationErrorData(error.children ?? [], path));
  }
  return data;
}

export function requestValidationError(errors: ValidationError[]): QuarryError {
  const data = validationErrorData(errors);
  const fields = Object.keys(data);
  const first = fields[0] ? `${fields[0]}: ${data[fields[0]]?.[0] ?? 'invalid'}` : 'invalid request';
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more: ${fields.slice(1).join(', ')})` : '';
  return new QuarryError('ValidationError', `Invalid request: ${first}${more}`, data);
}

/** Refuses input nested too deeply before class-transformer and class-validator recurse into it. */
class DepthLimitedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const path = metadata.type === 'body' || metadata.type === 'query' ? tooDeepPath(value) : undefined;
    if (path !== undefined) {
      const field = path || metadata.type;
      throw new QuarryError('ValidationError', `Invalid request: ${field}: nested deeper than ${MAX_INPUT_DEPTH} levels`, {
        [field]: [`nested deeper than ${MAX_INPUT_DEPTH} levels`],
      });
    }
    return super.transform(value, metadata);
  }
}

/** Bodies and queries must match their DTO exactly: unknown properties are rejected, not dropped. */
export function createValidationPipe(): ValidationPipe {
  return new DepthLimitedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: requestValidationError,
  });
}
