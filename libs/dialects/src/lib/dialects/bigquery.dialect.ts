import type { WeekDay } from '@quarry/domain';

import { escapeStringWithBackslashQuote } from '../escape-string';
import { SqlDialect, type TimeSqlOptions } from '../sql-dialect';
import { type DateName, type DatePart, type IntervalUnit, type TruncationUnit, WEEK_DAY_NAMES } from '../time-units';

/** BigQuery's EXTRACT names for the parts that PostgreSQL abbreviates; ISOWEEK, as WEEK counts Sunday weeks (calendar.ts). */
const EXTRACT_PARTS: Record<DatePart, string> = {
  DOW: 'DAYOFWEEK',
  DAY: 'DAY',
  DOY: 'DAYOFYEAR',
  WEEK: 'ISOWEEK',
  MONTH: 'MONTH',
  QUARTER: 'QUARTER',
  YEAR: 'YEAR',
  HOUR: 'HOUR',
  MINUTE: 'MINUTE',
};

const FORMAT_PATTERNS: Record<DateName, string> = { DAY_OF_WEEK: '%A', MONTH: '%B', QUARTER: 'Q%Q' };

const SUB_DAY_UNITS: readonly IntervalUnit[] = ['SECOND', 'MINUTE', 'HOUR'];

export class BigQueryDialect extends SqlDialect {
  readonly type = 'bigquery' as const;

  /** BigQuery column names are at most 300 characters (docs: Column names); counted as bytes, the safe side. */
  override readonly maxIdentifierBytes = 300;

  /** BigQuery does not coerce a STRING parameter to a date or timestamp: the bound text is cast. */
  override timeParameter(placeholder: string, type: 'date' | 'timestamp'): string {
    return `CAST(${placeholder} AS ${type === 'date' ? 'DATE' : 'TIMESTAMP'})`;
  }

  /** BigQuery's CONCAT takes strings only: numbers are cast first. */
  override concatSql(parts: readonly string[]): string {
    return `CONCAT(${parts.map((part) => (part.startsWith("'") ? part : `CAST(${part} AS STRING)`)).join(', ')})`;
  }

  /** BigQuery's LIKE always escapes with a backslash and has no ESCAPE clause. */
  override likeEscapeClause(): string {
    return '';
  }

  override castToFloat(sql: string): string {
    return `CAST(${sql} AS FLOAT64)`;
  }
  override readonly identifierQuote = '`';
  /** BigQuery's WEEK starts on Sunday. */
  override readonly nativeStartOfWeek = 6;

  /** Backticked identifiers take backslash escapes. */
  override quoteIdentifier(name: string): string {
    return `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;
  }

  /** BigQuery literals do not accept a doubled quote; `\'` is its escape. */
  override escapeString(value: string): string {
    return escapeStringWithBackslashQuote(value);
  }

  /** BigQuery parses timestamps without an offset as UTC. */
  protected override timeLiteralText(value: Date, type: 'date' | 'timestamp'): string {
    return withoutOffset(super.timeLiteralText(value, type));
  }

  /** DATE_TRUNC of a DATE is a DATE already. */
  override dateValue(sql: string): string {
    return sql;
  }

  protected override truncateSql(unit: TruncationUnit, sql: string, options: TimeSqlOptions): string {
    return this.truncateWithPart(unit, sql, options);
  }

  /** BigQuery takes the week start as part of the unit: WEEK(MONDAY). */
  protected override truncateToWeekStartingOn(startOfWeek: WeekDay, sql: string, options: TimeSqlOptions): string {
    return this.truncateWithPart(`WEEK(${WEEK_DAY_NAMES[startOfWeek]})`, sql, options);
  }

  private truncateWithPart(part: string, sql: string, options: TimeSqlOptions): string {
    return options.baseType === 'date' ? `DATE_TRUNC(${sql}, ${part})` : `TIMESTAMP_TRUNC(${sql}, ${part})`;
  }

  /** DAYOFWEEK is 1 = Sunday … 7 = Saturday: one less is 0 = Sunday … 6 = Saturday (calendar.ts). */
  override datePart(part: DatePart, sql: string): string {
    const extracted = `EXTRACT(${EXTRACT_PARTS[part]} FROM ${sql})`;
    return part === 'DOW' ? `(${extracted} - 1)` : extracted;
  }

  override dateName(name: DateName, sql: string, options: TimeSqlOptions): string {
    const fn = options.baseType === 'date' ? 'FORMAT_DATE' : 'FORMAT_DATETIME';
    return `${fn}('${FORMAT_PATTERNS[name]}', ${sql})`;
  }

  /** Whole days and longer compare as dates (as period-over-period does); shorter units stay timestamps. */
  protected override intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    if (SUB_DAY_UNITS.includes(unit)) {
      return `${operator === '+' ? 'TIMESTAMP_ADD' : 'TIMESTAMP_SUB'}(${sql}, INTERVAL ${amount} ${unit})`;
    }
    return `${operator === '+' ? 'DATE_ADD' : 'DATE_SUB'}(DATE(${sql}), INTERVAL ${amount} ${unit})`;
  }

  /** APPROX_QUANTILES splits into 100 buckets; OFFSET needs a whole percentile. */
  protected override percentileSql(sql: string, percentile: number): string {
    return `APPROX_QUANTILES(${sql}, 100)[OFFSET(${Math.round(percentile)})]`;
  }
}

export function withoutOffset(timestampText: string): string {
  return timestampText.replace(/\+00:00$/, '');
}
