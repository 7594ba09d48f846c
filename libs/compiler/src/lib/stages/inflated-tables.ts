import type { ExploreJoin } from '@quarry/domain';

/**
 * Tables whose rows the query's joins repeat (semantics.md §5): one-to-many repeats the tables
 * of the ON clause other than the joined one; many-to-one repeats the joined table; many-to-many
 * both. One-to-one joins repeat nothing.
 */
export function inflatedTables(joins: readonly ExploreJoin[]): Set<string> {
  const inflated = new Set<string>();
  for (const join of joins) {
    if (join.relationship === 'one-to-many' || join.relationship === 'many-to-many')
      join.tablesReferences.filter((table) => table !== join.table).forEach((table) => inflated.add(table));
    if (join.relationship === 'many-to-one' || join.relationship === 'many-to-many') inflated.add(join.table);
  }
  return inflated;
}

/** Aggregates whose value a repeated row cannot change. */
export const FAN_OUT_SAFE_TYPES: ReadonlySet<string> = new Set(['count_distinct', 'min', 'max']);
