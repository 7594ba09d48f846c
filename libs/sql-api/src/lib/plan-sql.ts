import { planSelect } from './select-plan';
import { sessionPlan } from './session-statements';
import { type Node, parseStatements } from './sql-parser';
import { type PlannedStatement, SqlApiError, type SqlCatalog, type SqlPlan } from './sql-plan';
import { statementSource } from './statement-relations';

export { loadSqlParser } from './sql-parser';

/*
 * What SQL the API understands (Cube's SQL API semantics, PostgreSQL's errors):
 * - `SELECT <dimensions, metrics> FROM <explore>`; the explore may be written `public.orders` or quoted;
 *   columns are field ids, optionally qualified by the explore or its alias. A query is always grouped
 *   by its selected dimensions (without metrics it returns their distinct combinations). `*` selects
 *   every dimension and metric and groups by every dimension.
 * - Metrics: the bare column, `MEASURE(m)`, or the metric's own aggregate (`SUM(m)` for a sum metric,
 *   `COUNT(DISTINCT m)` for count_distinct, `AVG` average, `MIN`/`MAX`, `COUNT` count); another aggregate
 *   is 42803, an aggregate of a dimension or `COUNT(*)` 0A000.
 * - GROUP BY names, output names or positions of selected dimensions; with metrics every selected
 *   dimension must be grouped (42803).
 * - WHERE / HAVING: a column compared with values (=, <>, !=, <, <=, >, >=, IN, NOT IN, = ANY(ARRAY[…]),
 *   BETWEEN [SYMMETRIC], LIKE / ILIKE as equals / startsWith / endsWith / include, IS [NOT] NULL,
 *   IS [NOT] TRUE/FALSE, IS [NOT] DISTINCT FROM), nested with AND / OR / NOT under three-valued logic.
 *   Values: literals, `DATE '…'`, `'…'::timestamp`, `$n`, `current_date`, `now()`, `date_trunc('unit', …)`
 *   ± `interval '…'` (evaluated at bind time in the session zone). Conditions on metrics (in WHERE or
 *   HAVING) become metric filters; a condition mixing dimensions and metrics under OR/NOT is 0A000.
 * - ORDER BY selected columns (names, output names, positions), ASC/DESC, NULLS FIRST/LAST (default
 *   PostgreSQL's, said explicitly); LIMIT / OFFSET / FETCH FIRST (see BoundMetricQuery).
 * - Refused, naming the construct: joins, subqueries, CTEs over explores, set operations, window
 *   functions, expressions or functions over fields, DISTINCT ON, unknown tables (42P01) or columns
 *   (42703), writes (25006), COPY, EXPLAIN, PREPARE, savepoints (0A000), syntax errors (42601).
 */

/**
 * Plans one SQL statement (PostgreSQL dialect) against the caller's catalog, as the extended
 * protocol's Parse does: several statements are refused (42601). Needs `await loadSqlParser()` once.
 * Throws SqlApiError with the SQLSTATE PostgreSQL would answer. The same text against the same catalog
 * object returns the same plan (parsing costs ~0.25 ms; a repeated simple query pays it once).
 */
export function planSql(sql: string, catalog: SqlCatalog): SqlPlan {
  const memo = plans.get(catalog) ?? new Map<string, SqlPlan>();
  plans.set(catalog, memo);
  const known = memo.get(sql);
  if (known) return known;
  const planned = planFresh(sql, catalog);
  // Plans are immutable and bind() reads nothing else: one per text and catalog, the oldest dropped first.
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(sql, planned);
  return planned;
}

/** Plans by catalog (a session's catalog object lives as long as its permissions hold) and SQL text. */
const plans = new WeakMap<SqlCatalog, Map<string, SqlPlan>>();
const MEMO_SIZE = 256;

function planFresh(sql: string, catalog: SqlCatalog): SqlPlan {
  const statements = parseStatements(sql);
  if (statements.length === 0) return { kind: 'empty' };
  if (statements.length > 1)
    throw new SqlApiError('42601', `cannot insert multiple commands into a prepared statement (${statements.length} statements)`);
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
