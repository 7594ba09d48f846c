/**
 * Freezes a value shared between requests, so that a request that changes it fails loudly instead
 * of changing every later request's. Frozen parts (already shared) are not walked again.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
