import { ForbiddenError, ParameterError } from '@quarry/domain';

/**
 * Bad queries are 400s that name the culprit, in the message and in `data`, so the caller can
 * fix the request without reading SQL. Nothing from a rejected query reaches the warehouse.
 */
export function unknownFieldError(fieldId: string, where: string): ParameterError {
  return new ParameterError(`"${fieldId}" in ${where} is not a field of this explore`, { fieldId, where });
}

export function badFilterError(message: string, data: Record<string, unknown>): ParameterError {
  return new ParameterError(message, data);
}

export function badQueryError(message: string, data: Record<string, unknown>): ParameterError {
  return new ParameterError(message, data);
}

export function missingUserAttributeError(attribute: string): ForbiddenError {
  return new ForbiddenError(`This query needs the user attribute "${attribute}", which you do not have`, { attribute });
}
