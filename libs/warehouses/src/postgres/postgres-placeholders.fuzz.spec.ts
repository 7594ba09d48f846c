import { PassThrough } from 'node:stream';

import { SeededRandom } from '@quarry/testing';
import { Client } from 'pg';

import { rewritePlaceholders } from '../sql/rewrite-placeholders';
import { POSTGRES_SQL } from '../sql/sql-lexical-rules';
import { inlinePostgresParams } from './inline-params';
import { PostgresAdapter } from './postgres-adapter';

/**
 * Issue 31, acceptance 2: a seeded fuzz of the placeholder path against the live PostgreSQL at
 * 127.0.0.1:5432 (SELECTs only, in database `postgres`). Random queries mix placeholders with
 * (nested) comments, '' strings, E'' strings with backslash escapes, U&'' strings, $$ and $tag$
 * dollar quotes and quoted names, all full of fake `$n`, `*\/`, `--` and quotes. The generator
 * knows where its placeholders are, so each query has a twin with its values written as plain
 * literals by construction. Compared, for every case:
 * - the engine (values bound, extended protocol) with the twin: the generator is right;
 * - inlinePostgresParams (the export's path: PostgreSQL's parser, proven constants) with the engine;
 * - findPlaceholders' PostgreSQL rules (renumbering every `$n` it finds) with the engine;
 * - and for a share of cases the whole export (PostgresNativeCsv.writeStream) with the twin's.
 * Results must be equal, or both refuse. The seed is printed with any failing case
 * (QUARRY_FUZZ_SEED reproduces a run).
 */
const SEED = Number(process.env['QUARRY_FUZZ_SEED'] ?? 20260531);
const CASES = 1500;
const EXPORT_EVERY = 5;
const URL = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' };

/** Text that looks like SQL structure to a lexer that gets a rule wrong. */
const PIECES = [
  '$1',
  '$2',
  '$3',
  '$12',
  "'",
  "''",
  '"',
  '\\',
  "\\'",
  '*/',
  '/*',
  '/*/',
  '--',
  '\n',
  '\r',
  '$$',
  '$q$',
  '$é$',
  "E'",
  "e'",
  'é',
  '🙂',
  'a',
  ' ',
  ';',
  ')',
  '(',
  'x$1',
  '1$2',
  '#',
  '`',
];

interface Query {
  sql: string;
  /** The same query with each placeholder written as its value's literal. */
  twin: string;
}

function body(random: SeededRandom, allowed: (piece: string) => boolean, max = 6): string {
  const pool = PIECES.filter(allowed);
  return Array.from({ length: random.int(0, max) }, () => random.pick(pool)).join('');
}

/** A block comment, nested at random; no piece may open or close one by itself. */
function blockComment(random: SeededRandom, depth = 0): string {
  const parts = [body(random, (piece) => !piece.includes('*') && !piece.includes('/'))];
  if (depth < 3 && random.chance(0.4))
    parts.push(
      blockComment(random, depth + 1),
      body(random, (piece) => !piece.includes('*') && !piece.includes('/')),
    );
  return `/*${parts.join('')}*/`;
}

function noise(random: SeededRandom): string {
  const parts: string[] = [];
  for (let n = random.int(0, 2); n > 0; n -= 1) {
    parts.push(random.chance(0.6) ? blockComment(random) : `--${body(random, (piece) => !/[\n\r]/.test(piece))}\n`);
  }
  return ` ${parts.join(' ')} `;
}

/** A literal of one of PostgreSQL's string syntaxes, and the text it stands for. */
function stringLiteral(random: SeededRandom): string {
  switch (random.int(0, 4)) {
    case 0:
      return `'${body(random, () => true).replace(/'/g, "''")}'`;
    case 1: {
      // E'' strings: a quote as \' or '', a backslash doubled, and a few escapes.
      const text = body(random, () => true);
      const escaped = [...text].map((char) => (char === '\\' ? '\\\\' : char === "'" ? random.pick(["\\'", "''"]) : char)).join('');
      return `${random.pick(['E', 'e'])}'${escaped}${random.pick(['', '\\n', '\\t', '\\x41', '\\u00e9'])}'`;
    }
    case 2: {
      const tag = random.pick(['', 'q', 'é', 'tag_1']);
      const text = body(random, (piece) => !piece.includes('$'));
      return `$${tag}$${text}$${tag}$`;
    }
    case 3:
      // U&'' strings: no backslash (it would start a Unicode escape).
      return `U&'${body(random, (piece) => !piece.includes('\\')).replace(/'/g, "''")}'`;
    default:
      return `'${body(random, () => true).replace(/'/g, "''")}' || ${noise(random)} ''`;
  }
}

function plainLiteral(value: string | null): string {
  return value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`;
}

/** A select list of strings and placeholders (each cast to text) with noise between; values are bound. */
function randomQuery(random: SeededRandom, values: ReadonlyArray<string | null>): Query {
  const sql: string[] = [];
  const twin: string[] = [];
  const items = random.int(1, 6);
  const used = new Set<number>();
  for (let index = 0; index < items; index += 1) {
    const alias = random.chance(0.3) ? `"${body(random, () => true).replace(/"/g, '""')}c${index}"` : `c${index}`;
    const before = noise(random);
    const after = noise(random);
    if (random.chance(0.5)) {
      const number = random.int(1, values.length);
      used.add(number);
      const wrap = random.pick([
        (p: string) => `CAST(${p} AS text)`,
        (p: string) => `${p}::text`,
        (p: string) => `coalesce(${p}, 'null')`,
        (p: string) => `length(${p}::text)::text`,
      ]);
      sql.push(`${before}${wrap(`$${number}`)}${after} AS ${alias}`);
      twin.push(`${before}${wrap(plainLiteral(values[number - 1] ?? null))}${after} AS ${alias}`);
    } else {
      const literal = stringLiteral(random);
      sql.push(`${before}${literal}${after} AS ${alias}`);
      twin.push(`${before}${literal}${after} AS ${alias}`);
    }
  }
  // Every value is used: the server refuses a bound value it cannot type.
  values.forEach((value, index) => {
    if (!used.has(index + 1)) {
      sql.push(` CAST($${index + 1} AS text) AS u${index}`);
      twin.push(` CAST(${plainLiteral(value)} AS text) AS u${index}`);
    }
  });
  return { sql: `SELECT${sql.join(',')}`, twin: `SELECT${twin.join(',')}` };
}

type Outcome = { rows: unknown[][] } | { refused: string };

async function outcome(work: () => Promise<unknown[][]>): Promise<Outcome> {
  try {
    return { rows: await work() };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

const same = (a: Outcome, b: Outcome): boolean =>
  'rows' in a && 'rows' in b ? JSON.stringify(a.rows) === JSON.stringify(b.rows) : 'refused' in a && 'refused' in b;

describe(`placeholders against live PostgreSQL (seeded fuzz, seed ${SEED})`, () => {
  const client = new Client(URL);
  const adapter = new PostgresAdapter({
    type: 'postgres',
    host: URL.host,
    port: URL.port,
    user: URL.user,
    password: '',
    dbname: URL.database,
    schema: 'public',
    sslmode: 'disable',
  });
  beforeAll(async () => {
    await client.connect();
    // As in the export session: '' strings take no backslash escapes.
    await client.query('SET standard_conforming_strings = on');
  });
  afterAll(async () => {
    await client.end();
    await adapter.close();
  });

  const run =
    (text: string, values: ReadonlyArray<string | null> = []) =>
    async () =>
      (await client.query({ text, values: [...values], rowMode: 'array' })).rows as unknown[][];

  /** The export's file for the query: one cell, the whole row as text (column names are random). */
  async function exported(sql: string, values: ReadonlyArray<string | null>): Promise<unknown[][]> {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await adapter.nativeCsv?.writeStream(
      { sql, params: values, cells: [{ sql: '(quarry_result.*)::text', mayNeedQuotes: true }], header: ['row'] },
      output,
    );
    return [[Buffer.concat(chunks).toString('utf8')]];
  }

  it(`finds no case where Quarry's view of the placeholders differs from PostgreSQL's (${CASES} cases)`, async () => {
    const random = new SeededRandom(SEED);
    const mismatches: unknown[] = [];
    let valid = 0;
    for (let index = 0; index < CASES && mismatches.length < 3; index += 1) {
      const values = Array.from({ length: 3 }, () => (random.chance(0.1) ? null : body(random, () => true, 8)));
      const query = randomQuery(random, values);
      const engine = await outcome(run(query.sql, values));
      const truth = await outcome(run(query.twin));
      const inlined = await outcome(async () => run((await inlinePostgresParams(query.sql, values)).sql)());
      // The hand lexer's placeholders numbered backwards, the values too: a placeholder it missed
      // takes another value, a `$n` it wrongly found in a string changes that string.
      const reversed = rewritePlaceholders(query.sql, values.length, POSTGRES_SQL, (n) => `$${values.length + 1 - n}`);
      const lexer = await outcome(run(reversed, [...values].reverse()));
      const views: Record<string, Outcome> = { engine, inlined, lexer };
      if (index % EXPORT_EVERY === 0) {
        views['export'] = await outcome(() => exported(query.sql, values));
        views['exportTwin'] = await outcome(() => exported(query.twin, []));
      }
      if ('rows' in engine) valid += 1;
      const agree =
        same(engine, truth) &&
        same(inlined, engine) &&
        same(lexer, engine) &&
        (views['export'] === undefined || same(views['export'], views['exportTwin'] as Outcome));
      if (!agree) mismatches.push({ seed: SEED, case: index, sql: query.sql, values, twin: query.twin, truth, ...views });
    }
    expect(mismatches).toEqual([]);
    // Most generated queries are valid SQL, so the comparison is not only of refusals.
    expect(valid).toBeGreaterThan(CASES * 0.8);
  }, 120_000);
});
