import type { SqlLexicalRules } from './sql-lexical-rules';

/** One `$n` in the SQL text: `index` is n (1-based); `start`/`end` delimit it in the text. */
export interface PlaceholderOccurrence {
  index: number;
  start: number;
  end: number;
}

/** PostgreSQL's identifier characters: ASCII letters, digits, `_`, `$`, and every non-ASCII character. */
const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
/** What may start a word (an identifier or keyword). */
const IDENTIFIER_START = /[A-Za-z_\u0080-\uffff]/;
/** `$$` or `$tag$`, the tag an identifier without `$` (PostgreSQL's dolq_start/dolq_cont). */
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/**
 * Finds the `$n` placeholders outside string literals, quoted identifiers, comments and
 * dollar-quoted bodies — the only places a placeholder can be — without parsing the SQL. For
 * PostgreSQL its reading is fuzzed against the server (postgres-placeholders.live.spec.ts); the
 * one path that writes values into PostgreSQL SQL (COPY) does not rely on it but on PostgreSQL's
 * own parser (inlinePostgresParams).
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
    } else if (char === '"' || (char === '`' && rules.backtickIdentifiers)) {
      i = skipQuoted(sql, i, char, rules.backslashEscapes);
    } else if ((char === '-' && next === '-') || (char === '#' && rules.hashComments)) {
      i = lineEnd(sql, i);
    } else if (char === '/' && next === '*') {
      i = skipBlockComment(sql, i, rules.nestedComments);
    } else if (char === '$') {
      // Never inside a word: words are skipped whole below, so `a$1` is a name, not a placeholder.
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
    } else if (IDENTIFIER_START.test(char ?? '')) {
      while (i < sql.length && isIdentifierChar(sql[i])) i += 1;
    } else if (char !== undefined && char >= '0' && char <= '9') {
      // A number ends at `$`: in `1$1` the scanner reads 1 and the placeholder $1.
      while (i < sql.length && /[0-9]/.test(sql[i] ?? '')) i += 1;
    } else {
      i += 1;
    }
  }
  return found;
}

function isIdentifierChar(char: string | undefined): boolean {
  return char !== undefined && IDENTIFIER_CHAR.test(char);
}

/** Index just past a line comment: it ends at a line break (either of CR and LF, as PostgreSQL's scanner has it). */
function lineEnd(sql: string, start: number): number {
  for (let i = start; i < sql.length; i += 1) {
    if (sql[i] === '\n' || sql[i] === '\r') return i + 1;
  }
  return sql.length;
}

/** Index just past the block comment opening at `start`; nested ones count where the warehouse nests them. */
function skipBlockComment(sql: string, start: number, nested: boolean): number {
  let depth = 1;
  let i = start + 2;
  while (i < sql.length) {
    if (nested && sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return sql.length;
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
