import type { Explore, ExploreJoin } from '@quarry/domain';

/**
 * The joins a query needs (semantics.md §5): tables its fields and filters read, the tables
 * those joins' ON clauses read (intermediaries, recursively), and joins marked `always`. In
 * explore order, so a join never comes before a table its ON clause reads.
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

const JOIN_KEYWORDS: Record<NonNullable<ExploreJoin['type']>, string> = {
  inner: 'INNER JOIN',
  full: 'FULL OUTER JOIN',
  left: 'LEFT OUTER JOIN',
  right: 'RIGHT OUTER JOIN',
};

export function joinKeyword(join: ExploreJoin): string {
  return JOIN_KEYWORDS[join.type ?? 'left'];
}

/** Explore tables named in compiled sql (`"customers".x`): sql_where carries no table list of its own. */
export function tablesReadBy(sql: string, explore: Explore, quoteAlias: (alias: string) => string): string[] {
  return Object.keys(explore.tables).filter((table) => sql.includes(`${quoteAlias(table)}.`));
}
