/**
 * The compiled SQL with its final `LIMIT n` replaced by `LIMIT rows`: compileQuery (E5) caps the
 * limit at QUERY_MAX_LIMIT, an export does not. The SQL must end with one.
 */
export function withLimit(sql: string, rows: number): string {
  const trimmed = sql.trimEnd().replace(/;$/, '').trimEnd();
  const match = /\bLIMIT\s+\d+$/i.exec(trimmed);
  if (!match) throw new Error(`Expected the compiled SQL to end with LIMIT n:\n${sql}`);
  return `${trimmed.slice(0, match.index)}LIMIT ${rows}`;
}
