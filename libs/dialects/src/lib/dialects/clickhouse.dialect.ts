import { SqlDialect } from '../sql-dialect';
import type { DateName, DatePart, IntervalUnit, TruncationUnit } from '../time-units';
import { withoutOffset } from './bigquery.dialect';

const START_OF: Record<TruncationUnit, string> = {
  MILLISECOND: 'toStartOfMillisecond',
  SECOND: 'toStartOfSecond',
  MINUTE: 'toStartOfMinute',
  HOUR: 'toStartOfHour',
  DAY: 'toStartOfDay',
  WEEK: 'toStartOfWeek',
  MONTH: 'toStartOfMonth',
  QUARTER: 'toStartOfQuarter',
  YEAR: 'toStartOfYear',
};

const PART_FUNCTIONS: Record<DatePart, string> = {
  DOW: 'toDayOfWeek',
  DAY: 'toDayOfMonth',
  DOY: 'toDayOfYear',
  WEEK: 'toWeek',
  MONTH: 'toMonth',
  QUARTER: 'toQuarter',
  YEAR: 'toYear',
  HOUR: 'toHour',
  MINUTE: 'toMinute',
};

export class ClickHouseDialect extends SqlDialect {
  override anyValueSql(sql: string): string {
    return `any(${sql})`;
  }

  readonly type = 'clickhouse' as const;

  /** ClickHouse's LIKE always escapes with a backslash and has no ESCAPE clause. */
  override likeEscapeClause(): string {
    return '';
  }

  override castToFloat(sql: string): string {
    return `toFloat64(${sql})`;
  }
  /** toStartOfWeek's default mode starts weeks on Sunday. */
  override readonly nativeStartOfWeek = 6;

  /** ClickHouse reads a timestamp without an offset in the server's zone, which we run as UTC. */
  protected override timeLiteralText(value: Date, type: 'date' | 'timestamp'): string {
    return withoutOffset(super.timeLiteralText(value, type));
  }

  /** toStartOfDay of a Date is a DateTime in the session's zone. */
  override dateValue(sql: string): string {
    return `toDate(${sql})`;
  }

  protected override truncateSql(unit: TruncationUnit, sql: string): string {
    return `${START_OF[unit]}(${sql})`;
  }

  override datePart(part: DatePart, sql: string): string {
    return `${PART_FUNCTIONS[part]}(${sql})`;
  }

  override dateName(name: DateName, sql: string): string {
    switch (name) {
      case 'DAY_OF_WEEK':
        return `dateName('weekday', ${sql})`;
      case 'MONTH':
        return `monthName(${sql})`;
      case 'QUARTER':
        return `concat('Q', toString(toQuarter(${sql})))`;
    }
  }

  protected override intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    return `${operator === '+' ? 'date_add' : 'date_sub'}(${sql}, INTERVAL ${amount} ${unit})`;
  }

  protected override percentileSql(sql: string, percentile: number): string {
    return `quantile(${percentile / 100})(${sql})`;
  }

  protected override medianSql(sql: string): string {
    return `median(${sql})`;
  }
}
