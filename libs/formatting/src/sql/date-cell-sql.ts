import { type PatternPart, patternParts } from '../dates/compile-utc-pattern';
import type { CellSqlSyntax, DatePart } from './cell-sql-syntax';

/** UTC is the zone results are shown in: `Z` is always this text. */
const UTC_OFFSET = '+00:00';

function datePartsOf(pattern: string): DatePart[] {
  return patternParts(pattern).map((part: PatternPart): DatePart =>
    'literal' in part ? part : part.token === 'Z' ? { literal: UTC_OFFSET } : { token: part.token },
  );
}

/**
 * A date or timestamp cell printed by a dayjs pattern: `∅` for NULL; years the engine prints as
 * dayjs does by the engine, other years and infinities by the JS path. undefined when the engine
 * formats no dates.
 */
export function dateCellSql(syntax: CellSqlSyntax, value: string, pattern: string): string | undefined {
  const { dates, fail } = syntax;
  if (dates === undefined || fail === undefined) return undefined;
  return [
    `CASE WHEN ${value} IS NULL THEN ${syntax.text('∅')}`,
    ...(dates.isFinite === undefined ? [] : [`WHEN NOT ${dates.isFinite(value)} THEN ${fail(value)}`]),
    `WHEN ${dates.year(value)} BETWEEN ${dates.firstYear} AND 9999 THEN ${dates.formatDate(value, datePartsOf(pattern))}`,
    `ELSE ${fail(value)} END`,
  ].join(' ');
}
