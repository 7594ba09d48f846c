import { SqlDialect } from '../sql-dialect';
import type { DateName } from '../time-units';

export class DuckDbDialect extends SqlDialect {
  readonly type = 'duckdb' as const;

  override castToFloat(sql: string): string {
    return `CAST(${sql} AS DOUBLE)`;
  }

  /** DuckDB has no TO_CHAR; it names days and months itself. */
  override dateName(name: DateName, sql: string): string {
    switch (name) {
      case 'DAY_OF_WEEK':
        return `DAYNAME(${sql})`;
      case 'MONTH':
        return `MONTHNAME(${sql})`;
      case 'QUARTER':
        return `CONCAT('Q', DATE_PART('QUARTER', ${sql}))`;
    }
  }
}
