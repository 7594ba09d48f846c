import { configurationError } from '../adapter/connection-error';

/** Reads a required text field, or fails naming it (configs arrive as JSON and may lack anything). */
export function requireText<T extends object>(config: T, field: keyof T & string): string {
  const value = config[field];
  if (typeof value !== 'string' || value.trim() === '') throw configurationError(field, `${field} is required`);
  return value;
}

/** Reads an optional port-like number, or fails naming the field. */
export function optionalPort<T extends object>(config: T, field: keyof T & string, fallback: number): number {
  const value = config[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535) {
    throw configurationError(field, `${field} must be a port number between 1 and 65535`);
  }
  return value;
}

/** Reads an optional positive number (seconds, counts), or fails naming the field. */
export function optionalPositive<T extends object>(config: T, field: keyof T & string): number | undefined {
  const value = config[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw configurationError(field, `${field} must be a non-negative number`);
  return value === 0 ? undefined : value;
}
