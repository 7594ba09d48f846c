import type { FilterOperator } from '@quarry/domain';

/**
 * Hostile request text: quotes, comments, backslashes, LIKE wildcards, placeholders, unicode
 * (full-width, combining marks, emoji), NUL, and statements trying to end the query.
 */
export const CORPUS: readonly string[] = [
  "'; DROP TABLE jaffle.orders; --",
  "completed' OR '1'='1",
  "completed'--",
  "'",
  "''",
  'completed\\',
  "\\'; DELETE FROM jaffle.orders; --",
  '/* comment */ completed',
  'completed /*',
  '%',
  '_',
  '\\%',
  '$1',
  '$$; DROP TABLE jaffle.payments; $$',
  'ｃｏｍｐｌｅｔｅｄ',
  "e\u0301'",
  "🙂'); DROP TABLE jaffle.customers; --",
  'line\nbreak; DROP TABLE jaffle.events',
  'completed\u0000',
  '"; DROP TABLE "jaffle"."payments"; --',
];

/** Corpus values that can name a column: PostgreSQL SQL text cannot hold NUL at all. */
export const IDENTIFIER_CORPUS: readonly string[] = CORPUS.filter((value) => !value.includes('\u0000'));

export const TEXT_OPERATORS = [
  'equals',
  'notEquals',
  'include',
  'doesNotInclude',
  'startsWith',
  'endsWith',
] as const satisfies readonly FilterOperator[];
export type TextOperator = (typeof TEXT_OPERATORS)[number];

/** Whether a text operator keeps `candidate` for `value`: the meaning the SQL must have, written in JS. */
export function keeps(operator: TextOperator, candidate: string, value: string, caseSensitive = true): boolean {
  const norm = (text: string): string => (caseSensitive ? text : text.toUpperCase());
  const [c, v] = [norm(candidate), norm(value)];
  switch (operator) {
    case 'equals':
      return c === v;
    case 'notEquals':
      return c !== v;
    case 'include':
      return c.includes(v);
    case 'doesNotInclude':
      return !c.includes(v);
    case 'startsWith':
      return c.startsWith(v);
    case 'endsWith':
      return c.endsWith(v);
  }
}
