/** Values in first-seen order without repeats. */
export function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
