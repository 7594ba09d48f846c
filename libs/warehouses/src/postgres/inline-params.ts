import { toQueryParams } from '../query/query-params';
import { rewritePlaceholders } from '../sql/rewrite-placeholders';
import { POSTGRES_SQL } from '../sql/sql-lexical-rules';

/**
 * A value as node-postgres sends a bound one — its text, of type unknown for the server to infer
 * from the context — but written into the SQL, for the one statement that cannot take bound values
 * (COPY). An E'' literal reads the same whatever standard_conforming_strings is: backslashes and
 * quotes are doubled, so no value can end the literal; NUL, which PostgreSQL text cannot hold, is refused.
 */
export function postgresTextLiteral(value: string): string {
  if (value.includes('\0')) throw new RangeError('A query parameter contains a NUL character, which PostgreSQL text cannot hold');
  return ` E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The SQL with each `$n` (outside quotes and comments) replaced by its value's literal. */
export function inlinePostgresParams(sql: string, params: readonly unknown[]): string {
  const values = toQueryParams(params);
  return rewritePlaceholders(sql, values.length, POSTGRES_SQL, (index) => {
    const value = values[index - 1] ?? null;
    if (value === null) return ' NULL';
    return postgresTextLiteral(value instanceof Date ? value.toISOString() : String(value));
  });
}
