import { SqlDialect, type TimeSqlOptions } from '../sql-dialect';
import type { DateName, DatePart, IntervalUnit, TruncationUnit } from '../time-units';
import { withoutOffset } from './bigquery.dialect';

const START_OF: Record<TruncationUnit, string> = {
  MILLISECOND: 'toStartOfMillisecond',
  SECOND: 'toStartOfSecond',
  MINUTE: 'toStartOfMinute',
  HOUR: 'toStartOfHour',
  DAY: 'toStartOfDay',
  WEEK: 'toMonday',
  MONTH: 'toStartOfMonth',
  QUARTER: 'toStartOfQuarter',
  YEAR: 'toStartOfYear',
};

/** toDayOfWeek's mode 2 counts 0 = Sunday … 6 = Saturday, toISOWeek is ISO 8601 (calendar.ts). */
const PART_FUNCTIONS: Record<DatePart, (sql: string) => string> = {
  DOW: (sql) => `toDayOfWeek(${sql}, 2)`,
  DAY: (sql) => `toDayOfMonth(${sql})`,
  DOY: (sql) => `toDayOfYear(${sql})`,
  WEEK: (sql) => `toISOWeek(${sql})`,
  MONTH: (sql) => `toMonth(${sql})`,
  QUARTER: (sql) => `toQuarter(${sql})`,
  YEAR: (sql) => `toYear(${sql})`,
  HOUR: (sql) => `toHour(${sql})`,
  MINUTE: (sql) => `toMinute(${sql})`,
};

/** toStartOfSecond / toStartOfMillisecond take DateTime64 only: DateTime and Date columns are widened (as the reference does). */
const SUB_SECOND_UNITS: readonly TruncationUnit[] = ['SECOND', 'MILLISECOND'];

/** Hours and minutes of a Date are refused by toStartOfHour, toHour…: read as midnight, as PostgreSQL does. */
const TIME_OF_DAY_UNITS: readonly string[] = ['HOUR', 'MINUTE'];

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
  /** WEEK truncates with toMonday (toStartOfWeek's default mode would start weeks on Sunday). */
  override readonly nativeStartOfWeek = 0;

  /**
   * Every timestamp dimension is read as a UTC `DateTime64(3, 'UTC')`, as PostgreSQL's `timestamp`
   * holding UTC values is, whatever the query's time zone. A `DateTime` column without a zone of its
   * own is shown in the session's zone (`session_timezone`, the query's zone), and ClickHouse 26
   * applies that zone to some functions only (toStartOfDay, but not toHour or toStartOfMonth): its
   * periods would move with the zone, and not even consistently. An explicit zone makes every
   * function read the same wall clock, and `toDateTime64(x, 3, zone)` keeps the instant of a
   * `DateTime`/`DateTime64` (any zone), reads a `Date` as UTC midnight, and takes NULL.
   */
  override wrapTimestampDimension(sql: string): string {
    return `toDateTime64(${sql}, 3, 'UTC')`;
  }

  /** ClickHouse reads a timestamp without an offset in the server's zone, which we run as UTC. */
  protected override timeLiteralText(value: Date, type: 'date' | 'timestamp'): string {
    return withoutOffset(super.timeLiteralText(value, type));
  }

  /** toStartOfDay of a Date is a DateTime in the session's zone. */
  override dateValue(sql: string): string {
    return `toDate(${sql})`;
  }

  protected override truncateSql(unit: TruncationUnit, sql: string, options: TimeSqlOptions): string {
    if (SUB_SECOND_UNITS.includes(unit)) return `${START_OF[unit]}(toDateTime64(${sql}, 3))`;
    return `${START_OF[unit]}(${this.timeOfDayReadable(unit, sql, options)})`;
  }

  override datePart(part: DatePart, sql: string, options: TimeSqlOptions): string {
    return PART_FUNCTIONS[part](this.timeOfDayReadable(part, sql, options));
  }

  private timeOfDayReadable(unit: string, sql: string, options: TimeSqlOptions): string {
    return options.baseType === 'date' && TIME_OF_DAY_UNITS.includes(unit) ? `toDateTime(${sql})` : sql;
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
