import { ValidateIf } from 'class-validator';

/**
 * An optional field that, when present, must pass its rules: unlike @IsOptional(), null is
 * validated (and refused by a type rule) instead of reaching the service as "no value".
 */
export const IsAbsentOrValid = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);
