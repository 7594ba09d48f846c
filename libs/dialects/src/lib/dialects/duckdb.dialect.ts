import { type SessionVariable, SqlDialect } from '../sql-dialect';
import type { DateName } from '../time-units';

export class DuckDbDialect extends SqlDialect {
  readonly type = 'duckdb' as const;

  /** For a large LIMIT (1M of 9.7M rows: ORDER_BY, not TOP_N, in its plan) DuckDB sorts every row, spilling within its memory limit. */
  override readonly cutsLargeSorts = true;

  /**
   * getvariable() is folded into a constant when the reading statement is planned, so a filter on it prunes row groups as a literal would.
   */
  override sessionVariable(name: string): SessionVariable {
    const quoted = this.stringLiteral(name);
    return { set: (valueSql) => `SET VARIABLE ${this.quoteIdentifier(name)} = (${valueSql})`, read: `getvariable(${quoted})` };
  }

  /**
   * `||`, not CONCAT, which skips NULL parts (calendar.ts: a NULL part makes the text NULL).
   * DuckDB's FLOOR / CEIL of a non-integer column stay DOUBLE, which prints as `10.0`: a whole
   * number loses its `.0` so labels read as on other warehouses (`10 - 19`).
   */
  override concatSql(parts: readonly string[]): string {
    return `(${parts.map((part) => (part.startsWith("'") ? part : `regexp_replace(CAST(${part} AS VARCHAR), '\\.0$', '')`)).join(' || ')})`;
  }

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
        return `('Q' || CAST(DATE_PART('QUARTER', ${sql}) AS VARCHAR))`;
    }
  }
}
