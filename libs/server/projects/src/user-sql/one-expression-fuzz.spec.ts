import { oneExpressionProblem } from '@quarry/dialects';
import { SeededRandom } from '@quarry/testing';
import { loadModule, parseSync } from 'libpg-query';

import { postgresExpressionProblem } from './postgres-expression';

/** Pieces of PostgreSQL's lexical grammar that decide where text, comments and statements end. */
const PIECES = [
  "'",
  "''",
  '"',
  '""',
  "E'",
  "\\'",
  '\\\\',
  '$$',
  '$a$',
  '$1',
  '/*',
  '*/',
  '--',
  '\n',
  ';',
  '(',
  ')',
  '[',
  ']',
  ',',
  ' ',
  'x',
  '1',
  '+',
  'SELECT',
  'FROM t',
  'AS y',
  "U&'",
  '${orders.amount}',
  "'it''s'",
  "E'\\''",
  '::int',
  'UNION SELECT 1',
];

/**
 * Seeded fuzz of the gate's lexical check against PostgreSQL's own parser (libpg-query, the
 * server's grammar in WASM): random fragments built from quotes, E-strings, dollar quotes, nested
 * comments and terminators. Whatever the check accepts must be, for PostgreSQL, exactly one
 * expression inside the compiler's parentheses — never a second statement, a comment swallowing
 * the wrapping SQL, or text closing the bracket it was put in.
 */
describe('one expression: the lexical check never accepts what PostgreSQL reads as more', () => {
  beforeAll(async () => {
    await loadModule();
  });

  it.each([1, 2, 3, 4, 5])('seed %i: 4,000 random fragments', (seed) => {
    const random = new SeededRandom(seed);
    const escapes: string[] = [];
    let accepted = 0;
    for (let n = 0; n < 4000; n += 1) {
      const fragment = Array.from({ length: random.int(1, 8) }, () => random.pick(PIECES)).join('');
      if (oneExpressionProblem(fragment, 'postgres') !== undefined) continue;
      accepted += 1;
      // Wrapped as the compiler wraps it, followed by more SQL that a comment or a quote could swallow.
      const sql = `SELECT (${fragment.replaceAll(/\$\{[A-Za-z0-9_.]+\}/g, '"ref"')}) AS "calc", 2 AS "after"`;
      let parsed: { stmts: Array<{ stmt: { SelectStmt?: { targetList?: unknown[] } } }> };
      try {
        parsed = parseSync(sql);
      } catch {
        continue; // Not valid SQL at all: PostgreSQL refuses it, nothing runs.
      }
      const targets = parsed.stmts.length === 1 ? parsed.stmts[0]?.stmt.SelectStmt?.targetList?.length : undefined;
      if (targets !== 2) escapes.push(fragment);
    }
    expect(escapes).toEqual([]);
    // The corpus reaches accepted fragments too, not only refusals.
    expect(accepted).toBeGreaterThan(50);
  });
});

describe('PostgreSQL parser second opinion', () => {
  it.each([
    ['${orders.amount} * 2', undefined],
    ['(SELECT 1)', undefined],
    ["CASE WHEN ${orders.status} = 'x' THEN 1 END", undefined],
    ['1 +', expect.stringContaining('is not valid PostgreSQL')],
    ['1 AS x', expect.stringContaining('is not valid PostgreSQL')],
  ])('%j', async (sql, expected) => {
    expect(await postgresExpressionProblem(sql)).toEqual(expected);
  });
});
