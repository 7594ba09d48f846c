/**
 * Deepest nesting a request body or query may have. Real bodies (filter groups, dbt manifests)
 * stay far below it; much deeper input would overflow the stack of the recursive transformers
 * and validators (a 500) before any check could name it.
 */
export const MAX_INPUT_DEPTH = 100;

/**
 * The dotted path (first segments, then `…`) of the first place where `value` nests deeper than
 * `maxDepth` objects or arrays, or undefined when it does not. Walks with an explicit stack, so
 * it cannot overflow itself.
 */
export function tooDeepPath(value: unknown, maxDepth = MAX_INPUT_DEPTH): string | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string[] }> = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const current = stack.pop() as { value: unknown; depth: number; path: string[] };
    if (typeof current.value !== 'object' || current.value === null) continue;
    if (current.depth >= maxDepth) return dotted(current.path.slice(0, 3)) + (current.path.length > 3 ? '…' : '');
    for (const [key, child] of Object.entries(current.value)) {
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, depth: current.depth + 1, path: [...current.path, Array.isArray(current.value) ? `[${key}]` : key] });
    }
  }
  return undefined;
}

function dotted(path: string[]): string {
  return path.map((segment, i) => (i === 0 || segment.startsWith('[') ? segment : `.${segment}`)).join('');
}
