import type { Explore } from '@quarry/domain';

import type { QueryDimension } from '../fields/query-field';

/**
 * True when the query returns table rows as they are, so GROUP BY would change nothing: it has
 * no metrics and selects, unmodified, the declared primary key of every table it reads. Each
 * output row is then one combination of one row per table, already distinct. Skipping the
 * grouping spares the warehouse a hash table as large as the result (a 10M-row export).
 */
export function returnsDistinctRows(explore: Explore, tablesRead: Iterable<string>, dimensions: readonly QueryDimension[]): boolean {
  const selected = new Set<string>();
  for (const dimension of dimensions) {
    const item = dimension.item;
    // Custom dimensions, zoomed dates and time-interval children are derived values, not the key.
    if (!('fieldType' in item) || item.timeInterval !== undefined || dimension.selectSql !== dimension.sql) continue;
    selected.add(`${item.table}.${item.name}`);
  }
  for (const name of tablesRead) {
    const keys = explore.tables[name]?.primaryKey ?? [];
    if (keys.length === 0 || !keys.every((key) => selected.has(`${name}.${key}`))) return false;
  }
  return true;
}
