import { loadModule, parseSync } from 'libpg-query';

/** `${…}` references, replaced by a column for PostgreSQL's parser (the compiler puts SQL of the project there). */
const REFERENCE = /\$\{[A-Za-z0-9_.]+\}/g;

let loaded: Promise<void> | undefined;

/**
 * Why PostgreSQL's own parser (libpg-query: its grammar compiled to WASM) does not read `sql` as
 * exactly one expression, or undefined when it does. A second opinion after the lexical check,
 * for PostgreSQL warehouses: `SELECT (<fragment>)` must be one SELECT of one target and nothing else.
 */
export async function postgresExpressionProblem(sql: string): Promise<string | undefined> {
  await (loaded ??= loadModule());
  let parsed: { stmts?: Array<{ stmt?: Record<string, unknown> }> };
  try {
    parsed = parseSync(`SELECT (${sql.replace(REFERENCE, '"quarry_reference"')})`) as typeof parsed;
  } catch (error) {
    return `is not valid PostgreSQL: ${error instanceof Error ? error.message : String(error)}`;
  }
  const statements = parsed.stmts ?? [];
  const select = statements[0]?.stmt?.['SelectStmt'] as Record<string, unknown> | undefined;
  const targets = select?.['targetList'] as unknown[] | undefined;
  const clauses = select ? Object.keys(select).filter((key) => !['targetList', 'limitOption', 'op'].includes(key)) : [];
  if (statements.length !== 1 || !select || targets?.length !== 1 || clauses.length > 0) return 'is not exactly one PostgreSQL expression';
  return undefined;
}
