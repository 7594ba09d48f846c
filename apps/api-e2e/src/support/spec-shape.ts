/**
 * The shape of a resource as the spec's tables give it: each field's JSON type. A trailing `?`
 * also allows null (clarification 12: fields the spec lists are always present, null when empty).
 */
export type Shape = ScalarShape | `${ScalarShape}?` | { [field: string]: Shape } | [Shape] | 'any';
type ScalarShape = 'string' | 'number' | 'boolean' | 'timestamp' | 'object' | 'array';

/** Every field of `shape` is present in `value` with its type; returns the mismatches, path by path. */
export function shapeMismatches(value: unknown, shape: Shape, path = '$'): string[] {
  if (shape === 'any') return value === undefined ? [`${path}: missing`] : [];
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${path}: expected an array, got ${JSON.stringify(value)}`];
    return value.flatMap((item, index) => shapeMismatches(item, shape[0], `${path}[${index}]`));
  }
  if (typeof shape === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return [`${path}: expected an object, got ${JSON.stringify(value)}`];
    return Object.entries(shape).flatMap(([field, fieldShape]) =>
      field in value
        ? shapeMismatches((value as Record<string, unknown>)[field], fieldShape, `${path}.${field}`)
        : [`${path}.${field}: missing`],
    );
  }
  const nullable = shape.endsWith('?');
  const scalar = (nullable ? shape.slice(0, -1) : shape) as ScalarShape;
  if (value === null) return nullable ? [] : [`${path}: null where ${scalar} is required`];
  const ok = (() => {
    switch (scalar) {
      case 'string':
      case 'number':
      case 'boolean':
        return typeof value === scalar;
      case 'timestamp':
        return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;
      case 'object':
        return typeof value === 'object' && !Array.isArray(value);
      case 'array':
        return Array.isArray(value);
    }
  })();
  return ok ? [] : [`${path}: expected ${scalar}, got ${JSON.stringify(value)}`];
}
