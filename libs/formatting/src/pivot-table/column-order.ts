/**
 * Ids in the order the user arranged the columns. Ids the order does not list (fields added to
 * the query after the order was saved) follow the listed ones, keeping their own order.
 */
export function orderByColumnOrder(ids: readonly string[], columnOrder: readonly string[]): string[] {
  const position = new Map<string, number>();
  columnOrder.forEach((id, index) => {
    if (!position.has(id)) position.set(id, index);
  });
  const unlisted = columnOrder.length;
  return ids
    .map((id, index) => ({ id, rank: position.get(id) ?? unlisted + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ id }) => id);
}

/** The ids not hidden, each once (a query lists a field once; a repeated id must not double a column). */
export function visibleIds(ids: readonly string[], hidden: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const visible: string[] = [];
  for (const id of ids) {
    if (hidden.has(id) || seen.has(id)) continue;
    seen.add(id);
    visible.push(id);
  }
  return visible;
}
