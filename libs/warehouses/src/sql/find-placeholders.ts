import type { SqlLexicalRules } from './sql-lexical-rules';

/** One `$n` in the SQL text: `index` is n (1-based); `start`/`end` delimit it in the text. */
export interface PlaceholderOccurrence {
  index: number;
  start: number;
  end: number;
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * Finds the `$n` placeholders outside string literals, quoted identifiers, comments and
 * dollar-quoted bodies — the only places a placeholder can be — without parsing the SQL.
 */
export function findPlaceholders(sql: string, rules: SqlLexicalRules): PlaceholderOccurrence[] {
  const found: PlaceholderOccurrence[] = [];
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const next = sql[i + 1];
    if (char === "'") {
      const escapes = rules.backslashEscapes || isPostgresEscapeString(sql, i);
      i = skipQuoted(sql, i, "'", escapes);
    } else if (char === '"' || char === '`') {
      i = skipQuoted(sql, i, char, rules.backslashEscapes);
    } else if ((char === '-' && next === '-') || (char === '#' && rules.hashComments)) {
      const lineEnd = sql.indexOf('\n', i);
      i = lineEnd === -1 ? sql.length : lineEnd + 1;
    } else if (char === '/' && next === '*') {
      const commentEnd = sql.indexOf('*/', i + 2);
      i = commentEnd === -1 ? sql.length : commentEnd + 2;
    } else if (char === '$' && !isIdentifierChar(sql[i - 1])) {
      const digits = /^\d+/.exec(sql.slice(i + 1));
      const tag = rules.dollarQuotes && !digits ? DOLLAR_TAG.exec(sql.slice(i)) : null;
      if (digits) {
        const end = i + 1 + digits[0].length;
        found.push({ index: Number(digits[0]), start: i, end });
        i = end;
      } else if (tag) {
        const closing = sql.indexOf(tag[0], i + tag[0].length);
        i = closing === -1 ? sql.length : closing + tag[0].length;
      } else {
        i += 1;
      }
    } else {
      i += 1;
    }
  }
  return found;
}

function isIdentifierChar(char: string | undefined): boolean {
  return char !== undefined && IDENTIFIER_CHAR.test(char);
}

/** PostgreSQL's E'…' strings take backslash escapes; ordinary ones do not. */
function isPostgresEscapeString(sql: string, quoteAt: number): boolean {
  const prefix = sql[quoteAt - 1];
  return (prefix === 'E' || prefix === 'e') && !isIdentifierChar(sql[quoteAt - 2]);
}

/** Index just past the quoted text opening at `start` (a doubled quote stands for itself). */
function skipQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const char = sql[i];
    if (backslashEscapes && char === '\\') {
      i += 2;
    } else if (char === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return sql.length;
}
