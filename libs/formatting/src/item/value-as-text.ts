/** A cell shown as it is, for values a format cannot apply to: never throws. */
export function valueAsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value !== null && typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      // cyclic structures cannot be serialised; their default text still tells what they are
      return String(value);
    }
  }
  return String(value);
}
