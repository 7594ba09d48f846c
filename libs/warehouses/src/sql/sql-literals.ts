/**
 * A string literal for the few values that cannot be bound (a session's time zone in `SET`, the
 * statement text of Trino's EXECUTE IMMEDIATE): quotes doubled, and backslashes doubled where the
 * warehouse reads them as escapes.
 */
export function quoteStringLiteral(value: string, options: { backslashEscapes: boolean }): string {
  const escaped = options.backslashEscapes ? value.replace(/\\/g, '\\\\') : value;
  return `'${escaped.replace(/'/g, "''")}'`;
}

/** A double-quoted identifier (standard SQL): inner quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** SQL text without trailing semicolons, so it can be wrapped (DECLARE … CURSOR FOR, EXECUTE IMMEDIATE). */
export function withoutTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}
