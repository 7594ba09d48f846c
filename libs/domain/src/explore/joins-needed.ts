import type { Explore, ExploreJoin } from './explore';

/**
 * The joins a query needs (semantics.md §5): tables its fields and filters read, the tables
 * those joins' ON clauses read (intermediaries, recursively), and joins marked `always`. In
 * explore order, so a join never comes before a table its ON clause reads. Shared by the
 * compiler (which joins them) and the semantic layer (which checks what a rollup would join).
 */
export function joinsNeeded(explore: Explore, referencedTables: Iterable<string>): ExploreJoin[] {
  const needed = new Set<string>(referencedTables);
  for (const join of explore.joinedTables) if (join.always === true) needed.add(join.table);
  let grew = true;
  while (grew) {
    grew = false;
    for (const join of explore.joinedTables) {
      if (!needed.has(join.table)) continue;
      for (const table of join.tablesReferences) {
        if (!needed.has(table)) {
          needed.add(table);
          grew = true;
        }
      }
    }
  }
  return explore.joinedTables.filter((join) => needed.has(join.table));
}
