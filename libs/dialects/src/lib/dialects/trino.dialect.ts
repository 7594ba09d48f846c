import { quartersAsMonths, SqlDialect } from '../sql-dialect';
import type { DateName, DatePart, IntervalUnit } from '../time-units';
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

  override datePart(part: DatePart, sql: string): string {
    return `EXTRACT(${part} FROM ${sql})`;
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
