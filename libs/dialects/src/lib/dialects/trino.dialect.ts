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

  /**
   * Trino refuses sub-day truncation of a DATE: the reference casts to TIMESTAMP first (a DATE reads
   * as midnight, as PostgreSQL answers), for every column type, so Quarry writes the same.
   */
  protected override truncateSql(unit: TruncationUnit, sql: string): string {
    return SUB_DAY_UNITS.includes(unit) ? `DATE_TRUNC('${unit}', CAST(${sql} AS TIMESTAMP))` : `DATE_TRUNC('${unit}', ${sql})`;
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
        // The reference's text, letter case included (field SQL parity).
        return `CONCAT('Q', cast(extract(QUARTER from ${sql}) as varchar))`;
    }
  }

  protected override intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    const [count, plainUnit] = weeksAsDays(...quartersAsMonths(amount, unit));
    return `${sql} ${operator} INTERVAL '${count}' ${plainUnit}`;
  }

  protected override percentileSql(sql: string, percentile: number): string {
    return `APPROX_PERCENTILE(${sql}, ${percentile / 100})`;
  }

  /** The reference's median text (no space: field SQL parity). */
  protected override medianSql(sql: string): string {
    return `APPROX_PERCENTILE(${sql},0.5)`;
  }
}

const SUB_DAY_UNITS: readonly TruncationUnit[] = ['HOUR', 'MINUTE', 'SECOND', 'MILLISECOND'];
const TIME_OF_DAY_PARTS: readonly DatePart[] = ['HOUR', 'MINUTE'];

/** EXTRACT(HOUR FROM date) is refused too: a DATE is read as midnight. */
function timeOfDayReadable(part: DatePart, sql: string, options: TimeSqlOptions): string {
  return options.baseType === 'date' && TIME_OF_DAY_PARTS.includes(part) ? `CAST(${sql} AS TIMESTAMP)` : sql;
}
