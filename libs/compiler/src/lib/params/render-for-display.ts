import type { SqlDialect } from '@quarry/dialects';

import type { QueryParam } from './param-binder';

/**
 * The compiled SQL with each `$n` replaced by its value as an escaped literal, for showing the
 * query (compileQuery) — never for running it. Placeholders inside quoted strings, quoted
 * identifiers and comments are left alone, so only the compiler's own markers are replaced.
 */
export function renderForDisplay(sql: string, params: readonly QueryParam[], dialect: SqlDialect): string {
  const backslashEscapes = BACKSLASH_ESCAPING.has(dialect.type);
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] as string;
    const skipped = skipQuotedOrComment(sql, i, backslashEscapes);
    if (skipped > i) {
      out += sql.slice(i, skipped);
      i = skipped;
      continue;
    }
    const match = char === '$' ? /^\$(\d+)/.exec(sql.slice(i)) : null;
    if (match) {
      const index = Number(match[1]);
      if (index < 1 || index > params.length) throw new RangeError(`The SQL refers to $${index} but ${params.length} value(s) were given`);
      out += sqlLiteral(params[index - 1] ?? null, dialect);
      i += match[0].length;
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

/** Warehouses whose string literals take backslash escapes (so `\'` does not end a string). */
const BACKSLASH_ESCAPING = new Set(['bigquery', 'databricks', 'snowflake', 'clickhouse']);

/** A value as the dialect's escaped literal. */
export function sqlLiteral(value: QueryParam, dialect: SqlDialect): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return dialect.stringLiteral(value);
}

/** End of the string, quoted identifier or comment starting at `start`, or `start` when none does. */
function skipQuotedOrComment(sql: string, start: number, backslashEscapes: boolean): number {
  const char = sql[start];
  if (char === "'" || char === '"' || char === '`') {
    let i = start + 1;
    while (i < sql.length) {
      if (backslashEscapes && sql[i] === '\\' && char !== '"') {
        i += 2;
        continue;
      }
      if (sql[i] === char) {
        if (sql[i + 1] === char) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i += 1;
    }
    return sql.length;
  }
  if (sql.startsWith('--', start)) {
    const end = sql.indexOf('\n', start);
    return end === -1 ? sql.length : end;
  }
  if (sql.startsWith('/*', start)) {
    const end = sql.indexOf('*/', start + 2);
    return end === -1 ? sql.length : end + 2;
  }
  return start;
}
