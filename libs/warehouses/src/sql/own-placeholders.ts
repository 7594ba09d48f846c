import { findPlaceholders } from './find-placeholders';
import { rewritePlaceholders } from './rewrite-placeholders';
import type { SqlLexicalRules } from './sql-lexical-rules';

/**
 * A statement that uses some of a query's placeholders (`$2`, `$5` of five), numbered `$1…$k` in
 * the order they first appear, with its k values. Engines that bind by position (DuckDB) refuse
 * values a statement has no placeholder for, and placeholders with gaps.
 */
export function withOwnPlaceholders<T>(sql: string, params: readonly T[], rules: SqlLexicalRules): { sql: string; params: T[] } {
  const used = [...new Set(findPlaceholders(sql, rules).map((occurrence) => occurrence.index))];
  const renumbered = new Map(used.map((index, position) => [index, position + 1]));
  return {
    sql: rewritePlaceholders(sql, params.length, rules, (index) => `$${renumbered.get(index) as number}`),
    params: used.map((index) => params[index - 1] as T),
  };
}
