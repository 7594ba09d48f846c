import { DuckDBInstance } from '@duckdb/node-api';
import type { WarehouseType } from '@quarry/domain';
import { loadModule, parseSync } from 'libpg-query';

/** Statements that change data or the session, anywhere in a PostgreSQL parse tree (a CTE may hold one). */
const WRITING_NODES = new Set([
  'InsertStmt',
  'UpdateStmt',
  'DeleteStmt',
  'MergeStmt',
  'CopyStmt',
  'CreateTableAsStmt',
  'IntoClause',
  'LockingClause',
]);

let pgLoaded: Promise<void> | undefined;
let duckParser: Promise<DuckDBInstance> | undefined;

/**
 * Why a whole query typed by a user (the SQL runner) is refused, or undefined when it is exactly
 * one read-only query, judged by the engine's own parser: PostgreSQL's (libpg-query) for PostgreSQL
 * and Redshift, DuckDB's (json_serialize_sql, which serializes SELECT statements only) for DuckDB.
 * Other warehouses get a lexical check (one statement starting with SELECT or WITH). Running it is
 * then still read-only where the engine can enforce it: PostgreSQL sessions are READ ONLY, DuckDB
 * files open read-only with external access off.
 */
export async function userQueryProblem(sql: string, engine: WarehouseType): Promise<string | undefined> {
  if (sql.trim() === '') return 'is empty';
  if (engine === 'postgres' || engine === 'redshift') return postgresQueryProblem(sql);
  if (engine === 'duckdb') return duckDbQueryProblem(sql);
  return lexicalQueryProblem(sql);
}

async function postgresQueryProblem(sql: string): Promise<string | undefined> {
  await (pgLoaded ??= loadModule());
  let statements: Array<{ stmt?: Record<string, unknown> }>;
  try {
    statements = (parseSync(sql) as { stmts?: typeof statements }).stmts ?? [];
  } catch (error) {
    return `is not valid PostgreSQL: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (statements.length !== 1) return `must be exactly one SQL statement; this one has ${statements.length}`;
  const stmt = statements[0]?.stmt ?? {};
  if (!('SelectStmt' in stmt)) return `must be a query (SELECT); this is ${Object.keys(stmt)[0] ?? 'empty'}`;
  const writing = firstWritingNode(stmt);
  return writing ? `must only read; it holds ${writing}` : undefined;
}

function firstWritingNode(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = firstWritingNode(item);
      if (found) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (WRITING_NODES.has(key) || (key === 'intoClause' && value)) return key;
    const found = firstWritingNode(value);
    if (found) return found;
  }
  return undefined;
}

/** DuckDB's own parser in an in-memory instance that reads no file: it parses, never runs, the text. */
async function duckDbQueryProblem(sql: string): Promise<string | undefined> {
  duckParser ??= DuckDBInstance.create(':memory:', { enable_external_access: 'false' });
  const connection = await (await duckParser).connect();
  try {
    const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
    const parsed = JSON.parse(String(reader.getRows()[0]?.[0])) as { error?: boolean; error_message?: string; statements?: unknown[] };
    if (parsed.error) {
      const message = parsed.error_message ?? 'unparsable';
      return message.startsWith('Only SELECT')
        ? 'must be a query (SELECT); DuckDB reads another kind of statement'
        : `is not valid DuckDB SQL: ${message}`;
    }
    const count = parsed.statements?.length ?? 0;
    return count === 1 ? undefined : `must be exactly one SQL statement; this one has ${count}`;
  } finally {
    connection.closeSync();
  }
}

/** Outside quotes and comments: no `;` but a trailing one, and the first word SELECT or WITH. */
function lexicalQueryProblem(sql: string): string | undefined {
  const code = sql
    .replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`/g, "''")
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ')
    .trim()
    .replace(/;\s*$/, '');
  if (code.includes(';')) return 'must be exactly one SQL statement';
  if (!/^\(?\s*(select|with)\b/i.test(code)) return 'must be a query (SELECT or WITH … SELECT)';
  return undefined;
}
