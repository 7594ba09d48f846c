import { quartersAsMonths, SqlDialect, type TimeSqlOptions } from '../sql-dialect';
import type { DateName, DatePart, IntervalUnit, TruncationUnit } from '../time-units';
import { withoutOffset } from './bigquery.dialect';
import { weeksAsDays } from './databricks.dialect';

export class TrinoDialect extends SqlDialect {
  override anyValueSql(sql: string): string {
    return `ARBITRARY(${sql})`;
  }

  readonly type = 'trino' as const;

  /** Trino's concat takes varchar only: numbers are cast first. */
  override concatSql(parts: readonly string[]): string {
    return `CONCAT(${parts.map((part) => (part.startsWith("'") ? part : `CAST(${part} AS VARCHAR)`)).join(', ')})`;
  }

  /** Trino compares varchar with date/timestamp only after an explicit cast. */
  override timeParameter(placeholder: string, type: 'date' | 'timestamp'): string {
    return `CAST(${placeholder} AS ${type === 'date' ? 'DATE' : 'TIMESTAMP'})`;
  }

  override castToFloat(sql: string): string {
    return `CAST(${sql} AS DOUBLE)`;
  }

  /** Trino compares a varchar with a timestamp only after an explicit cast. */
  override timeLiteral(value: Date, type: 'date' | 'timestamp'): string {
    return `CAST(${this.stringLiteral(withoutOffset(this.timeLiteralText(value, type)))} AS ${type === 'date' ? 'DATE' : 'TIMESTAMP'})`;
  }

  /** Trino refuses sub-day truncation of a DATE: cast to TIMESTAMP first (midnight, as PostgreSQL answers), as the reference does. */
  protected override truncateSql(unit: TruncationUnit, sql: string, options: TimeSqlOptions): string {
    return `DATE_TRUNC('${unit}', ${timeOfDayReadable(unit, sql, options)})`;
  }

  /** EXTRACT(DOW) is ISO (1 = Monday … 7 = Sunday): modulo 7 makes it 0 = Sunday … 6 = Saturday (calendar.ts). */
  override datePart(part: DatePart, sql: string, options: TimeSqlOptions): string {
    const extracted = `EXTRACT(${part} FROM ${timeOfDayReadable(part, sql, options)})`;
    return part === 'DOW' ? `MOD(${extracted}, 7)` : extracted;
  }

  override dateName(name: DateName, sql: string): string {
    switch (name) {
      case 'DAY_OF_WEEK':
        return `date_format(${sql}, '%W')`;
      case 'MONTH':
        return `date_format(${sql}, '%M')`;
      case 'QUARTER':
        return `CONCAT('Q', CAST(EXTRACT(QUARTER FROM ${sql}) AS VARCHAR))`;
    }
  }

  protected override intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    const [count, plainUnit] = weeksAsDays(...quartersAsMonths(amount, unit));
    return `${sql} ${operator} INTERVAL '${count}' ${plainUnit}`;
  }

  protected override percentileSql(sql: string, percentile: number): string {
    return `APPROX_PERCENTILE(${sql}, ${percentile / 100})`;
  }
}

const TIME_OF_DAY_UNITS: readonly string[] = ['HOUR', 'MINUTE', 'SECOND', 'MILLISECOND'];

function timeOfDayReadable(unit: TruncationUnit | DatePart, sql: string, options: TimeSqlOptions): string {
  return options.baseType === 'date' && TIME_OF_DAY_UNITS.includes(unit) ? `CAST(${sql} AS TIMESTAMP)` : sql;
}
