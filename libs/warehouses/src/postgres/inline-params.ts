import { isDeepStrictEqual } from 'node:util';

import { WarehouseQueryError } from '@quarry/domain';

import { toQueryParams } from '../query/query-params';
import type { PlaceholderOccurrence } from '../sql/find-placeholders';
import { type ParseNode, parseOneStatement, walkTree, withoutLocations } from './postgres-parser';

/** A query with its values written in as constants, and the parse tree that proves they stayed constants. */
export interface InlinedQuery {
  sql: string;
  /** The query's parse tree (positions left out) with each placeholder replaced by its constant. */
  tree: ParseNode;
}

/**
 * A value as node-postgres sends a bound one — its text, of type unknown for the server to infer
 * from the context — written as a parenthesised E'' literal: quotes and backslashes doubled, so no
 * value can end it; NUL, which PostgreSQL text cannot hold, refused.
 */
export function postgresTextLiteral(value: string): string {
  if (value.includes('\0'))
    throw new WarehouseQueryError('A query parameter contains a NUL character, which PostgreSQL text cannot hold', { reason: 'nul' });
  return `(E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}')`;
}

/** What node-postgres would send for a bound value: its text, or null. */
function textOf(value: ReturnType<typeof toQueryParams>[number]): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** The node a value's constant parses to, as `withoutLocations` leaves it. */
function constantNode(text: string | null): ParseNode {
  return { A_Const: text === null ? { isnull: true } : { sval: { sval: text } } };
}

/**
 * Where PostgreSQL's parser found the statement's `$n`, as positions in the JS string (the parser
 * counts UTF-8 bytes), each checked to be the `$n` text it names.
 */
function placeholdersOf(sql: string, statement: ParseNode): PlaceholderOccurrence[] {
  const byteToChar = new Map<number, number>();
  let bytes = 0;
  for (let index = 0; index <= sql.length; index += 1) {
    byteToChar.set(bytes, index);
    const code = sql.codePointAt(index);
    if (code === undefined) break;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    bytes += width;
    if (code >= 0x10000) index += 1;
  }
  const found: PlaceholderOccurrence[] = [];
  walkTree(statement, (node) => {
    const ref = node['ParamRef'] as { number?: number; location?: number } | undefined;
    if (!ref) return;
    const start = byteToChar.get(ref.location ?? -1);
    const text = start === undefined ? null : /^\$(\d+)/.exec(sql.slice(start));
    if (start === undefined || !text || Number(text[1]) !== ref.number) {
      throw new WarehouseQueryError('PostgreSQL reads a placeholder where Quarry cannot place its value', {
        parameter: ref.number ?? null,
      });
    }
    found.push({ index: ref.number, start, end: start + text[0].length });
  });
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The query with each `$n` replaced by its value's constant, for the one statement that cannot
 * take bound values (COPY). The placeholders are found by PostgreSQL's own parser, and the result
 * is parsed again: it must give the query's parse tree with constants exactly where the
 * placeholders were, else it is refused — a value can never become SQL. The query must be one
 * SELECT (COPY would also run a writing statement with RETURNING).
 */
export async function inlinePostgresParams(sql: string, params: readonly unknown[]): Promise<InlinedQuery> {
  const texts = toQueryParams(params).map(textOf);
  const statement = await parseOneStatement(sql);
  if (!(statement !== null && typeof statement === 'object' && 'SelectStmt' in statement)) {
    throw new WarehouseQueryError('An export query must be a single SELECT', { reason: 'not-select' });
  }
  let inlined = '';
  let copiedUpTo = 0;
  for (const occurrence of placeholdersOf(sql, statement)) {
    if (occurrence.index < 1 || occurrence.index > texts.length) {
      throw new WarehouseQueryError(`The SQL refers to $${occurrence.index} but ${texts.length} parameter(s) were given`, {
        parameter: occurrence.index,
      });
    }
    const text = texts[occurrence.index - 1] ?? null;
    inlined += sql.slice(copiedUpTo, occurrence.start) + (text === null ? '(NULL)' : postgresTextLiteral(text));
    copiedUpTo = occurrence.end;
  }
  inlined += sql.slice(copiedUpTo);
  const expected = withoutLocations(statement, (node) => {
    const ref = node['ParamRef'] as { number: number } | undefined;
    return ref ? constantNode(texts[ref.number - 1] ?? null) : undefined;
  });
  if (!isDeepStrictEqual(withoutLocations(await parseOneStatement(inlined)), expected)) {
    throw new WarehouseQueryError("The query's values would not stay values once written into it; it was not run", {
      reason: 'inline-mismatch',
    });
  }
  return { sql: inlined, tree: expected };
}
