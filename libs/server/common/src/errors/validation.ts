import { type ArgumentMetadata, type PipeTransform, ValidationPipe } from '@nestjs/common';
import { QuarryError } from '@quarry/domain';
import type { ValidationError } from 'class-validator';

import { MAX_INPUT_DEPTH, tooDeepPath } from './nesting-depth';
import { acceptsUnknownProperties } from './unknown-properties';
import { ValidatedBodies } from './validated-bodies';
import { rememberValidationRules } from './validation-rules-cache';

/**
 * Constraints that say what a value must be (its type or its allowed values) come before those
 * that bound it, so the first message of a field names the rule that matters: a missing string
 * reads "is required", not "must be shorter than or equal to 1024 characters".
 */
const KIND_CONSTRAINTS = new Set([
  'isDefined',
  'isString',
  'isBoolean',
  'isInt',
  'isNumber',
  'isArray',
  'isObject',
  'isIn',
  'isEnum',
  'isUuid',
  'isEmail',
  'isDateString',
  'isISO8601',
  'nestedValidation',
  'whitelistValidation',
  'isFilterGroup',
]);

function messagesOf(error: ValidationError, path: string): string[] {
  const entries = Object.entries(error.constraints ?? {});
  const ordered = [
    ...entries.filter(([name]) => KIND_CONSTRAINTS.has(name)),
    ...entries.filter(([name]) => !KIND_CONSTRAINTS.has(name)),
  ].map(([, message]) => message);
  // class-validator runs every rule on a missing value; say first that it is missing.
  if (error.value === undefined && entries.length > 0 && !('whitelistValidation' in (error.constraints ?? {})))
    return [`${path} is required`, ...ordered];
  if (error.value === null && entries.length > 0) return [`${path} must not be null`, ...ordered];
  return ordered;
}

/** Flattens nested class-validator errors into `{ "dotted.path": ["message", ...] }`. */
export function validationErrorData(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const data: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) data[path] = messagesOf(error, path);
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

/** Types Nest's ValidationPipe passes through unvalidated. */
const UNVALIDATED_TYPES: ReadonlySet<unknown> = new Set([String, Boolean, Number, Array, Object, Buffer, Date]);

function isDtoClass(metatype: ArgumentMetadata['metatype']): metatype is NonNullable<ArgumentMetadata['metatype']> {
  return typeof metatype === 'function' && !UNVALIDATED_TYPES.has(metatype);
}

function validationPipe(forbidUnknownProperties: boolean): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: forbidUnknownProperties,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: requestValidationError,
  });
}

/**
 * Refuses input nested too deeply before class-transformer and class-validator recurse into it,
 * then validates against the DTO: unknown properties are a 400, except on DTOs marked with
 * @AcceptsUnknownProperties(), where they are dropped. A body that passed before is not validated
 * again (ValidatedBodies).
 */
class RequestValidationPipe implements PipeTransform {
  private readonly strict = validationPipe(true);
  private readonly tolerant = validationPipe(false);
  private readonly bodies = new ValidatedBodies();

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const path = metadata.type === 'body' || metadata.type === 'query' ? tooDeepPath(value) : undefined;
    if (path !== undefined) {
      const field = path || metadata.type;
      throw new QuarryError('ValidationError', `Invalid request: ${field}: nested deeper than ${MAX_INPUT_DEPTH} levels`, {
        [field]: [`nested deeper than ${MAX_INPUT_DEPTH} levels`],
      });
    }
    const pipe = acceptsUnknownProperties(metadata.metatype) ? this.tolerant : this.strict;
    const key = metadata.type === 'body' && isDtoClass(metadata.metatype) ? this.bodies.keyOf(metadata.metatype, value) : undefined;
    if (key === undefined) return pipe.transform(value, metadata);
    const remembered = this.bodies.get(key);
    if (remembered !== undefined) return remembered;
    const validated: unknown = await pipe.transform(value, metadata);
    this.bodies.set(key, validated);
    return validated;
  }
}

export function createValidationPipe(): PipeTransform {
  rememberValidationRules();
  return new RequestValidationPipe();
}
