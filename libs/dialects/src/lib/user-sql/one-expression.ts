import type { WarehouseType } from '@quarry/domain';

import { type FragmentSyntax, fragmentSyntaxOf } from './fragment-syntax';

/** `${TABLE}`, `${field}`, `${table.field}`, `${ld.parameters.x}`…: replaced by the compiler, never SQL of the caller's. */
const REFERENCE = /\$\{[A-Za-z0-9_.]+\}/y;
const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * Why `sql` — a user's SQL fragment (a table calculation, a custom dimension or metric) — is not
 * exactly one expression for `warehouse`, or undefined when it is.
 *
 * The compiler puts every fragment inside parentheses (or a function call's), so a fragment stays
 * one expression as long as nothing in it can end that expression or hide text from this check:
 * no statement terminator, no comment of any kind (engines disagree on them: PostgreSQL nests block
 * comments, BigQuery and ClickHouse take `#`, Snowflake `//`, and a trailing `--` would swallow the
 * wrapping SQL), no dollar quotes or bind placeholders, and brackets that balance without ever
 * closing one the fragment did not open. Quoted text must end at the same place whether or not a
 * backslash escapes a quote — PostgreSQL's E'…' strings (or standard_conforming_strings off),
 * BigQuery, Databricks, ClickHouse and Snowflake escape, others do not — so no reading of the
 * fragment by any engine or setting sees SQL where this check saw text.
 */
export function oneExpressionProblem(sql: unknown, warehouse: WarehouseType): string | undefined {
  if (typeof sql !== 'string') return 'must be a string of SQL';
  if (sql.trim() === '') return 'must not be empty';
  if (sql.includes('\u0000')) return 'must not contain a NUL character';
  const syntax = fragmentSyntaxOf(warehouse);
  const open: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] as string;
    const next = sql[i + 1];
    if (char === "'" || char === '"' || char === '`') {
      const quoted = quotedTextProblem(sql, i, syntax);
      if (typeof quoted === 'string') return quoted;
      i = quoted;
      continue;
    }
    if (char === '$') {
      REFERENCE.lastIndex = i;
      if (!REFERENCE.test(sql))
        return at(sql, i, 'has a $ that is not a ${field} reference (dollar-quoted text and $n placeholders are not allowed)');
      i = REFERENCE.lastIndex;
      continue;
    }
    const problem = outsideQuotesProblem(char, next, sql[i - 1], syntax);
    if (problem) return at(sql, i, problem);
    if (char in CLOSER) open.push(CLOSER[char] as string);
    if (char === ')' || char === ']' || char === '}') {
      const expected = open.pop();
      if (expected !== char) return at(sql, i, `closes a ${char} it did not open`);
    }
    i += 1;
  }
  if (open.length > 0) return `leaves ${open.length} bracket(s) unclosed (expected ${[...open].reverse().join('')})`;
  return undefined;
}

/** What one character outside quoted text may not be. */
function outsideQuotesProblem(
  char: string,
  next: string | undefined,
  previous: string | undefined,
  syntax: FragmentSyntax,
): string | undefined {
  if (char === ';') return 'has a statement terminator (;): a fragment is one expression';
  if ((char === '-' && next === '-') || (char === '/' && next === '*') || (char === '*' && next === '/'))
    return 'has a comment: comments are not allowed in SQL fragments';
  if (char === '#' && syntax.hashComments) return 'has a # comment: comments are not allowed in SQL fragments';
  if (char === '/' && next === '/' && syntax.slashComments) return 'has a // comment: comments are not allowed in SQL fragments';
  if (char === '?') return 'has a ? placeholder';
  if (char === '\\') return 'has a backslash outside quoted text';
  if (char === ':' && syntax.colonBinds && previous !== ':' && next !== undefined && /[0-9]/.test(next)) return 'has a :n bind variable';
  return undefined;
}

/** The index just past the quoted text starting at `start`, or why it is refused. */
function quotedTextProblem(sql: string, start: number, syntax: FragmentSyntax): number | string {
  const quote = sql[start] as string;
  if (quote === '`' && !syntax.backquotes) return at(sql, start, 'has a backquote, which this warehouse does not quote with');
  if (syntax.tripleQuotes && sql.startsWith(quote.repeat(3), start))
    return at(sql, start, 'has triple-quoted text, which is not allowed in SQL fragments');
  const plain = endOfQuoted(sql, start, false);
  const escaped = endOfQuoted(sql, start, true);
  if (plain === undefined || escaped === undefined) return at(sql, start, `has quoted text (${quote}) that is never closed`);
  if (plain !== escaped) return at(sql, start, `has quoted text (${quote}) whose end depends on whether a backslash escapes the quote`);
  if (sql.slice(start, plain).includes('${')) return at(sql, start, 'has a ${…} reference inside quoted text');
  return plain;
}

/** Just past the closing quote; a doubled quote is one quote of the text; with `backslashes`, `\x` is one character. */
function endOfQuoted(sql: string, start: number, backslashes: boolean): number | undefined {
  const quote = sql[start];
  let i = start + 1;
  while (i < sql.length) {
    const char = sql[i];
    if (backslashes && char === '\\') {
      i += 2;
      continue;
    }
    if (char === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return undefined;
}

function at(sql: string, index: number, problem: string): string {
  const shown = sql.slice(Math.max(0, index - 10), index + 10).replaceAll('\n', '\\n');
  return `${problem} (at character ${index + 1}, near ${JSON.stringify(shown)})`;
}
