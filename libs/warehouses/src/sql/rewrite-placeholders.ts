import { WarehouseQueryError } from '@quarry/domain';

import { findPlaceholders } from './find-placeholders';
import type { SqlLexicalRules } from './sql-lexical-rules';

/**
 * Replaces each `$n` with the warehouse's own marker (`render(n, k)`, k = 0-based position of this
 * occurrence). Values stay separate: only markers are written into the SQL. With no parameters the
 * SQL is returned untouched, so hand-written SQL (e.g. Snowflake's `$1` column references) passes.
 */
export function rewritePlaceholders(
  sql: string,
  paramCount: number,
  rules: SqlLexicalRules,
  render: (index: number, occurrence: number) => string,
): string {
  if (paramCount === 0) return sql;
  const occurrences = findPlaceholders(sql, rules);
  let rewritten = '';
  let copiedUpTo = 0;
  occurrences.forEach((occurrence, position) => {
    if (occurrence.index < 1 || occurrence.index > paramCount) {
      throw new WarehouseQueryError(`The SQL refers to $${occurrence.index} but ${paramCount} parameter(s) were given`, {
        parameter: occurrence.index,
      });
    }
    rewritten += sql.slice(copiedUpTo, occurrence.start) + render(occurrence.index, position);
    copiedUpTo = occurrence.end;
  });
  return rewritten + sql.slice(copiedUpTo);
}

/** The parameter indexes in the order their placeholders appear (for `?`-style markers). */
export function placeholderOrder(sql: string, rules: SqlLexicalRules): number[] {
  return findPlaceholders(sql, rules).map((occurrence) => occurrence.index);
}
