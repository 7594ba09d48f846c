import { escapeStringWithBackslashQuote } from '../escape-string';
import { quartersAsMonths, SqlDialect } from '../sql-dialect';
import type { DateName, DatePart, IntervalUnit } from '../time-units';

const DATE_FORMAT_PATTERNS: Record<DateName, string> = { DAY_OF_WEEK: 'EEEE', MONTH: 'MMMM', QUARTER: 'QQQ' };

export class DatabricksDialect extends SqlDialect {
  readonly type = 'databricks' as const;

  /** Databricks (Unity Catalog) names are at most 255 characters (docs: Names); counted as bytes, the safe side. */
  override readonly maxIdentifierBytes = 255;

  /** Databricks' LIKE escapes with a backslash by default; its literals would need `'\\\\'`. */
  override likeEscapeClause(): string {
    return '';
  }

  override castToFloat(sql: string): string {
    return `CAST(${sql} AS DOUBLE)`;
  }
  override readonly identifierQuote = '`';

  /** Spark SQL literals take backslash escapes; `\'` is the quote escape. */
  override escapeString(value: string): string {
    return escapeStringWithBackslashQuote(value);
  }

  /** Spark's DATE_PART('DOW') is 1 = Sunday … 7 = Saturday: one less is 0 = Sunday … 6 = Saturday (calendar.ts). */
  override datePart(part: DatePart, sql: string): string {
    return part === 'DOW' ? `(DATE_PART('DOW', ${sql}) - 1)` : `DATE_PART('${part}', ${sql})`;
  }

  override dateName(name: DateName, sql: string): string {
    return `DATE_FORMAT(${sql}, '${DATE_FORMAT_PATTERNS[name]}')`;
  }

  /** ANSI interval literals: `x + INTERVAL '3' MONTH`; weeks as days, quarters as months. */
  protected override intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    const [count, plainUnit] = weeksAsDays(...quartersAsMonths(amount, unit));
    return `${sql} ${operator} INTERVAL '${count}' ${plainUnit}`;
  }

  protected override percentileSql(sql: string, percentile: number): string {
    return `PERCENTILE(${sql}, ${percentile / 100})`;
  }
}

/** ANSI day-time intervals have no WEEK unit. */
export function weeksAsDays(amount: number, unit: Exclude<IntervalUnit, 'QUARTER'>): [number, Exclude<IntervalUnit, 'QUARTER' | 'WEEK'>] {
  return unit === 'WEEK' ? [amount * 7, 'DAY'] : [amount, unit];
}
