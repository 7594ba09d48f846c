import { parseSync } from 'libpg-query';

interface RawStatement {
  stmt_location?: number;
  stmt_len?: number;
}

/**
 * The statements of a simple Query's string, in order, as PostgreSQL's parser delimits them.
 * A string the parser rejects is returned whole: planning it then reports the syntax error. Each is
 * planned just before it runs, so an earlier statement runs before a later one fails, as in PostgreSQL.
 * Needs the parser loaded (loadSqlParser).
 */
export function splitStatements(sql: string): string[] {
  let statements: RawStatement[];
  try {
    statements = (parseSync(sql) as { stmts?: RawStatement[] }).stmts ?? [];
  } catch {
    return [sql];
  }
  // Locations count bytes of the UTF-8 text.
  const bytes = Buffer.from(sql, 'utf8');
  return statements
    .map((statement) => {
      const start = statement.stmt_location ?? 0;
      const end = statement.stmt_len ? start + statement.stmt_len : bytes.length;
      return bytes.toString('utf8', start, end).trim();
    })
    .filter((statement) => statement.length > 0);
}
