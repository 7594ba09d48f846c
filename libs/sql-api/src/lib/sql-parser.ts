import { loadModule, parseSync } from 'libpg-query';

import { SqlApiError } from './sql-plan';

/** A node of libpg-query's raw parse tree: `{ NodeType: { field: … } }`, lists as arrays. */
export type Node = Record<string, unknown>;

/** One statement of a query string: its tree and its own text. */
export interface ParsedStatement {
  node: Node;
  sql: string;
}

let loading: Promise<void> | undefined;
let loaded = false;

/** Loads PostgreSQL's parser (WebAssembly) once; planSql needs it loaded. */
export async function loadSqlParser(): Promise<void> {
  loading ??= loadModule().then(() => {
    loaded = true;
  });
  await loading;
}

/**
 * The statements of `sql`, read by PostgreSQL's own grammar (libpg-query), so the SQL API accepts
 * exactly the syntax PostgreSQL does. A text PostgreSQL refuses answers 42601 with its message.
 */
export function parseStatements(sql: string): ParsedStatement[] {
  if (!loaded) throw new Error('The SQL parser is not loaded: await loadSqlParser() once before planning');
  let parsed: { stmts?: Array<{ stmt: Node; stmt_location?: number; stmt_len?: number }> };
  try {
    parsed = parseSync(sql) as typeof parsed;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // libpg-query refuses a text with no statement at all; PostgreSQL answers it with EmptyQueryResponse.
    if (/cannot be empty/i.test(message)) return [];
    throw new SqlApiError('42601', message);
  }
  const bytes = Buffer.from(sql, 'utf8');
  return (parsed.stmts ?? []).map(({ stmt, stmt_location: location = 0, stmt_len: length }) => ({
    node: stmt,
    // Locations count bytes, not UTF-16 units; a length of 0 means "to the end".
    sql: bytes.subarray(location, length ? location + length : undefined).toString('utf8').trim(),
  }));
}

/** The single key of a node (`SelectStmt`, `ColumnRef`, …) and its body. */
export function nodeKind(node: unknown): [string, Node] {
  if (node === null || typeof node !== 'object') return ['', {}];
  const [kind] = Object.keys(node);
  return [kind ?? '', ((node as Node)[kind ?? ''] ?? {}) as Node];
}

/** The body of `node` when it is of `kind`. */
export function asKind(node: unknown, kind: string): Node | undefined {
  const [actual, body] = nodeKind(node);
  return actual === kind ? body : undefined;
}

/** The names of a list of `String` nodes (`funcname`, `ColumnRef.fields`, type names). */
export function names(list: unknown): string[] {
  return Array.isArray(list) ? list.map((item) => String(asKind(item, 'String')?.['sval'] ?? '')) : [];
}

/** Calls `visit` on every node of the tree (objects keyed by node type), depth first. */
export function walkNodes(node: unknown, visit: (kind: string, body: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walkNodes(item, visit);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (/^[A-Z]/.test(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) visit(key, value as Node);
      walkNodes(value, visit);
    }
  }
}
