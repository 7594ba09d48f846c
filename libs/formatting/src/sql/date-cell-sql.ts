import { type PatternPart, patternParts } from '../dates/compile-utc-pattern';
import type { CellSqlSyntax, DatePart } from './cell-sql-syntax';

/** UTC is the zone results are shown in: `Z` is always this text. */
const UTC_OFFSET = '+00:00';

function datePartsOf(pattern: string): DatePart[] {
  return patternParts(pattern).map((part: PatternPart): DatePart => ('literal' in part ? part : part.token === 'Z' ? { literal: UTC_OFFSET } : { token: part.token }));
}

/**
 * A date or timestamp cell printed by a dayjs pattern: `∅` for NULL; years 1–9999 by the engine,
 * other years and infinities by the JS path (dayjs writes them its own way).
 */
export function dateCellSql(syntax: CellSqlSyntax, value: string, pattern: string): string {
  return [
    `CASE WHEN ${value} IS NULL THEN ${syntax.text('∅')}`,
    `WHEN NOT ${syntax.isFinite(value)} THEN ${syntax.fail(value)}`,
    `WHEN ${syntax.year(value)} BETWEEN 1 AND 9999 THEN ${syntax.formatDate(value, datePartsOf(pattern))}`,
    `ELSE ${syntax.fail(value)} END`,
  ].join(' ');
}
