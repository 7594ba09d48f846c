import { planSelect } from './select-plan';
import { sessionPlan } from './session-statements';
import { type Node, parseStatements } from './sql-parser';
import { type PlannedStatement, SqlApiError, type SqlCatalog, type SqlPlan } from './sql-plan';
import { statementSource } from './statement-relations';

export { loadSqlParser } from './sql-parser';

/**
 * Plans one SQL statement (PostgreSQL dialect) against the caller's catalog, as the extended
 * protocol's Parse does: several statements are refused (42601). Needs `await loadSqlParser()` once.
 * Throws SqlApiError with the SQLSTATE PostgreSQL would answer.
 */
export function planSql(sql: string, catalog: SqlCatalog): SqlPlan {
  const statements = parseStatements(sql);
  if (statements.length === 0) return { kind: 'empty' };
  if (statements.length > 1) throw new SqlApiError('42601', `cannot insert multiple commands into a prepared statement (${statements.length} statements)`);
  return planStatement((statements[0] as { node: Node }).node, catalog);
}

/** Plans each statement of a simple-protocol query string, with its own text (the catalog engine runs it). */
export function planSqlScript(sql: string, catalog: SqlCatalog): PlannedStatement[] {
  return parseStatements(sql).map((statement) => ({ sql: statement.sql, plan: planStatement(statement.node, catalog) }));
}

function planStatement(statement: Node, catalog: SqlCatalog): SqlPlan {
  const session = sessionPlan(statement);
  if (session) return session;
  const select = (statement as { SelectStmt: Node }).SelectStmt;
  if (select['valuesLists']) return { kind: 'catalog' };
  const source = statementSource(statement, catalog);
  return source.kind === 'catalog' ? source : planSelect(select, source.table);
}
