import { SqlDialect } from '../sql-dialect';
import type { DateName, IntervalUnit } from '../time-units';

/** TO_CHAR(…, 'DY') gives three-letter names; the full name is looked up from them. */
const DAY_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
];

export class SnowflakeDialect extends SqlDialect {
  readonly type = 'snowflake' as const;

  /** Snowflake identifiers are at most 255 characters (docs: Identifier requirements); counted as bytes, the safe side. */
  override readonly maxIdentifierBytes = 255;

  /** Snowflake literals treat `\\` as an escape, so the one-backslash escape character is written `'\\\\'`. */
  override likeEscapeClause(): string {
    return " ESCAPE '\\\\'";
  }

  /**
   * Snowflake timestamps may carry a session-dependent zone (LTZ/TZ); the reference normalises
   * every timestamp dimension to UTC wall-clock time so results do not depend on the session.
   */
  override wrapTimestampDimension(sql: string): string {
    return `TO_TIMESTAMP_NTZ(CONVERT_TIMEZONE('UTC', ${sql}))`;
  }

  override dateName(name: DateName, sql: string): string {
    switch (name) {
      case 'DAY_OF_WEEK':
        return `DECODE(TO_CHAR(${sql}, 'DY'), ${DAY_NAMES.map(([short, long]) => `'${short}', '${long}'`).join(', ')})`;
      case 'MONTH':
        return `TO_CHAR(${sql}, 'MMMM')`;
      case 'QUARTER':
        return `CONCAT('Q', DATE_PART('QUARTER', ${sql}))`;
    }
  }

  protected override intervalArithmetic(sql: string, operator: '+' | '-', amount: number, unit: IntervalUnit): string {
    return `DATEADD(${unit}, ${operator === '-' ? -amount : amount}, ${sql})`;
  }
}
