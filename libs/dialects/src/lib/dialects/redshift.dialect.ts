import { SqlDialect } from '../sql-dialect';
import type { DateName, IntervalUnit } from '../time-units';
import { postgresToCharName } from './postgres.dialect';

export class RedshiftDialect extends SqlDialect {
  readonly type = 'redshift' as const;

  /** Redshift identifiers are 1–127 bytes (docs: Names and identifiers). */
  override readonly maxIdentifierBytes = 127;

  /** PostgreSQL types an untyped parameter after the column it meets: NUMERIC takes any number exactly. */
  override numberParameter(placeholder: string): string {
    return `CAST(${placeholder} AS NUMERIC)`;
  }

  /**
   * Redshift string literals read a backslash as an escape (as PostgreSQL with
   * standard_conforming_strings off): `'\'` would never close, `'\\'` is the one backslash.
   */
  override likeEscapeClause(): string {
    return " ESCAPE '\\\\'";
  }

  /** Redshift's AVG of an integer column is an integer; the reference casts so averages keep their fraction. */
  protected override averageSql(sql: string): string {
    return `AVG(${sql}::DOUBLE PRECISION)`;
  }

  override concatSql(parts: readonly string[]): string {
    return `(${parts.join(' || ')})`;
  }

  override dateName(name: DateName, sql: string): string {
    return postgresToCharName(name, sql);
  }

  protected override intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    return `DATEADD(${unit}, ${operator === '-' ? -amount : amount}, ${sql})`;
  }
}
