import type { WeekDay } from '@quarry/domain';

import { SqlDialect } from '../sql-dialect';
import type { DateName } from '../time-units';

export class PostgresDialect extends SqlDialect {
  /** ANY_VALUE arrived only in PostgreSQL 16; the first element of ARRAY_AGG works on every type. */
  override anyValueSql(sql: string): string {
    return `(ARRAY_AGG(${sql}))[1]`;
  }

  readonly type = 'postgres' as const;

  /** NAMEDATALEN - 1: PostgreSQL cuts longer identifiers to 63 bytes (docs: Lexical Structure, Identifiers). */
  override readonly maxIdentifierBytes = 63;

  /** PostgreSQL types an untyped parameter after the column it meets: NUMERIC takes any number exactly. */
  override numberParameter(placeholder: string): string {
    return `CAST(${placeholder} AS NUMERIC)`;
  }

  override concatSql(parts: readonly string[]): string {
    return `(${parts.join(' || ')})`;
  }

  /** AVG of an integer column is numeric in PostgreSQL; the reference casts so averages are floats. */
  protected override averageSql(sql: string): string {
    return `AVG(${sql}::DOUBLE PRECISION)`;
  }

  /** Written as the reference writes it, so compiled SQL matches it text for text. */
  protected override truncateToWeekStartingOn(startOfWeek: WeekDay, sql: string): string {
    return `(DATE_TRUNC('WEEK', (${sql} - interval '${startOfWeek} days')) + interval '${startOfWeek} days')`;
  }

  override dateName(name: DateName, sql: string): string {
    return postgresToCharName(name, sql);
  }
}

/** TO_CHAR patterns shared with Redshift; `FM` drops the blank padding of day and month names. */
export function postgresToCharName(name: DateName, sql: string): string {
  switch (name) {
    case 'DAY_OF_WEEK':
      return `TO_CHAR(${sql}, 'FMDay')`;
    case 'MONTH':
      return `TO_CHAR(${sql}, 'FMMonth')`;
    case 'QUARTER':
      return `TO_CHAR(${sql}, 'FM"Q"Q')`;
  }
}
