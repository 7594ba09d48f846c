/**
 * Caps on the values a request's filters may list. Each value becomes a bound parameter and a
 * placeholder in the SQL, and is walked by validation and compilation on the event loop: one
 * request of 1,000,000 values stalled the API for 10 s. The reference's UI sends lists of a few
 * hundred, at most a few thousand (values pasted into an "is any of" filter); 10,000 in one rule
 * leaves room for that, 25,000 over a query for several such rules (a dashboard's filters added).
 */
export const MAX_FILTER_VALUES_PER_RULE = 10_000;
export const MAX_FILTER_VALUES_PER_QUERY = 25_000;

export interface FilterValuesProblem {
  /** Where, as the request names it: `filters.dimensions.and[0].values`, or `filters` for the total. */
  path: string;
  message: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first rule listing more than MAX_FILTER_VALUES_PER_RULE values, else whether all of them
 * together list more than MAX_FILTER_VALUES_PER_QUERY; undefined when within both. `items` are
 * filter groups or rules, each with the path it has in the request. Counts lengths only.
 */
export function filterValuesProblem(items: ReadonlyArray<readonly [path: string, item: unknown]>): FilterValuesProblem | undefined {
  let total = 0;
  const pending = [...items];
  while (pending.length > 0) {
    const [path, item] = pending.pop() as readonly [string, unknown];
    if (!isObject(item)) continue;
    for (const key of ['and', 'or'] as const) {
      const children = item[key];
      if (Array.isArray(children)) children.forEach((child, index) => pending.push([`${path}.${key}[${index}]`, child]));
    }
    const values = item['values'];
    if (!Array.isArray(values)) continue;
    if (values.length > MAX_FILTER_VALUES_PER_RULE) {
      return {
        path: `${path}.values`,
        message: `${path}.values must hold at most ${MAX_FILTER_VALUES_PER_RULE} values, it holds ${values.length}`,
      };
    }
    total += values.length;
  }
  if (total > MAX_FILTER_VALUES_PER_QUERY) {
    return {
      path: 'filters',
      message: `A query's filters may hold at most ${MAX_FILTER_VALUES_PER_QUERY} filter values in all, these hold ${total}`,
    };
  }
  return undefined;
}
