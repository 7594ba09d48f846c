import type { Explore, ExploreJoin } from '@quarry/domain';

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
