import { WarehouseQueryError } from '@quarry/domain';
import { loadModule, parseSync } from 'libpg-query';

/**
 * PostgreSQL's own parser (libpg-query: the server's scanner and grammar compiled to WASM), for
 * the one place Quarry must know exactly how PostgreSQL reads a text before sending it: the
 * export's `COPY`, which takes no bound values. Its scanner is the server's, so nested comments,
 * dollar quotes, E'' strings and the rest are read as the server reads them, given
 * standard_conforming_strings = on (which the export session sets).
 */

/** A node of the raw parse tree: `{ NodeType: { field: … } }`, lists as arrays. */
export type ParseNode = unknown;

export interface ParsedStatements {
  stmts: Array<{ stmt: ParseNode }>;
}

let loading: Promise<void> | undefined;

/** The parse tree of `sql`; a text PostgreSQL would refuse is refused here, never sent. */
export async function parsePostgres(sql: string): Promise<ParsedStatements> {
  loading ??= loadModule();
  await loading;
  try {
    const parsed = parseSync(sql) as Partial<ParsedStatements>;
    return { stmts: parsed.stmts ?? [] };
  } catch (error) {
    throw new WarehouseQueryError(`PostgreSQL cannot parse the query: ${error instanceof Error ? error.message : String(error)}`, {
      reason: 'unparsable',
    });
  }
}

/** The only statement of `sql`, or a refusal naming how many there are. */
export async function parseOneStatement(sql: string): Promise<ParseNode> {
  const { stmts } = await parsePostgres(sql);
  if (stmts.length !== 1)
    throw new WarehouseQueryError(`A query must be exactly one SQL statement; this one has ${stmts.length}`, { statements: stmts.length });
  return stmts[0]?.stmt;
}

/** Calls `visit` on every object node of the tree, depth first, parents before children. */
export function walkTree(node: ParseNode, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walkTree(item, visit);
  } else if (node !== null && typeof node === 'object') {
    visit(node as Record<string, unknown>);
    for (const value of Object.values(node)) walkTree(value, visit);
  }
}

/**
 * The tree without the positions of its tokens, with each node replaced as `replace` says
 * (undefined: kept): two texts that differ only in spacing or comments give equal trees.
 */
export function withoutLocations(
  node: ParseNode,
  replace: (node: Record<string, unknown>) => ParseNode | undefined = () => undefined,
): ParseNode {
  if (Array.isArray(node)) return node.map((item) => withoutLocations(item, replace));
  if (node === null || typeof node !== 'object') return node;
  const replaced = replace(node as Record<string, unknown>);
  if (replaced !== undefined) return replaced;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'location' && key !== 'stmt_location' && key !== 'stmt_len') copy[key] = withoutLocations(value, replace);
  }
  return copy;
}
