import { ValidationPipe } from '@nestjs/common';
import { QuarryError } from '@quarry/domain';
import type { ValidationError } from 'class-validator';

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

/** Bodies and queries must match their DTO exactly: unknown properties are rejected, not dropped. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: requestValidationError,
  });
}
