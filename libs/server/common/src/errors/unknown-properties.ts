const ACCEPTS_UNKNOWN = Symbol('acceptsUnknownProperties');

/** Description added to the OpenAPI schema of every DTO marked with @AcceptsUnknownProperties(). */
export const UNKNOWN_PROPERTIES_IGNORED = 'Unknown properties are ignored (dropped), so bodies of newer clients are accepted.';

/**
 * Marks a request DTO whose unknown properties (at any depth) are dropped instead of answered
 * with a 400: bodies that Lightdash clients build and grow over versions (queries, exports).
 * Bodies carrying credentials or permissions stay strict. Known fields are validated as ever.
 */
export function AcceptsUnknownProperties(): ClassDecorator {
  return (target) => {
    Reflect.defineProperty(target, ACCEPTS_UNKNOWN, { value: true });
    tolerantSchemaNames.add(target.name);
  };
}

/** Names of the marked DTOs, i.e. of their schemas in the OpenAPI document. */
export const tolerantSchemaNames = new Set<string>();

export function acceptsUnknownProperties(metatype: unknown): boolean {
  return typeof metatype === 'function' && Reflect.get(metatype, ACCEPTS_UNKNOWN) === true;
}
