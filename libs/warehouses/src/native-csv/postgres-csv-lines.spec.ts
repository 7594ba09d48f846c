import { SeededRandom } from '@quarry/testing';
import { unparse } from 'papaparse';

import { formulaSafeCell } from './formula-safe-cell';
import { PostgresCsvLines } from './postgres-csv-lines';
import { isNativeCsvFallback } from './raw-cell-sql';

type Cell = string | null;

/** PostgreSQL's CSV writer (COPY … FORMAT csv, its defaults): what the transform reads. */
function postgresCsv(rows: readonly Cell[][]): string {
  return rows
    .map((row) =>
      row
        .map((cell) => {
          if (cell === null) return '';
          const quoted = cell === '' || /[",\r\n]/.test(cell) || (row.length === 1 && cell === '\\.');
          return quoted ? `"${cell.replaceAll('"', '""')}"` : cell;
        })
        .join(','),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/** The JS path's lines (csvText: formula-safe cells of the guarded columns, then Papa Parse). */
function papaCsv(rows: readonly Cell[][], guarded: readonly boolean[] = []): string {
  const safe = rows.map((row) => row.map((cell, column) => (cell !== null && guarded[column] ? formulaSafeCell(cell) : cell)));
  return safe.map((row) => `${unparse([row], { newline: '\n' })}\n`).join('');
}

/** Feeds `bytes` in pieces cut at `cuts`; resolves with what comes out and the counts. */
async function run(
  bytes: Buffer,
  cuts: readonly number[],
  limit?: number,
  guarded: readonly boolean[] = [],
): Promise<{ text: string; rows: number; truncated: boolean }> {
  const lines = new PostgresCsvLines(limit, undefined, guarded);
  const out: Buffer[] = [];
  lines.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    lines.on('end', resolve);
    lines.on('error', reject);
  });
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    lines.write(bytes.subarray(from, cut));
    from = cut;
  }
  lines.end();
  await ended;
  return { text: Buffer.concat(out).toString('utf8'), rows: lines.rows, truncated: lines.truncated };
}

const PIECES = [
  'a',
  'b',
  'Zoë',
  '🙂',
  ' ',
  ',',
  '"',
  '""',
  '\n',
  '\r',
  '\r\n',
  '\ufeff',
  '\\',
  '.',
  '\\.',
  '\t',
  '#',
  "'",
  '\u0001',
  '=',
  '+',
  '-',
  '@',
  '1',
  '-1,234.5',
  '-Infinity',
  '%',
  'e5',
];

function randomCell(random: SeededRandom): Cell {
  if (random.chance(0.1)) return null;
  if (random.chance(0.1)) return '';
  return Array.from({ length: random.int(1, 6) }, () => random.pick(PIECES)).join('');
}

function randomCuts(random: SeededRandom, length: number): number[] {
  const cuts = Array.from({ length: random.int(0, 8) }, () => random.int(0, length));
  return [...new Set(cuts)].sort((a, b) => a - b);
}

describe('PostgresCsvLines', () => {
  it.each([
    ['an empty string loses the quotes PostgreSQL gives it', [['', 'x', '']]],
    ['a bare cell with an edge space or a BOM gains quotes', [[' lead', 'trail ', ' ', 'in\ufeffside', '\ufeff', 'mid dle']]],
    ['cells PostgreSQL quotes stay as they are', [['a,b', 'say "hi"', 'two\nlines', 'cr\r', ' "both" ']]],
    ['NULL is an empty cell', [[null, 'x', null]]],
    ['`\\.` alone on its line loses its quotes', [['\\.'], ['x'], ['\\.']]],
    ['`\\.` among other cells was never quoted', [['\\.', '\\.']]],
  ])('%s', async (_title, rows: Cell[][]) => {
    const bytes = Buffer.from(postgresCsv(rows));
    const written = await run(bytes, []);
    expect(written.text).toBe(papaCsv(rows));
    expect(written).toMatchObject({ rows: rows.length, truncated: false });
  });

  it('gives the same bytes however the chunks fall, every cut of one line tried', async () => {
    const rows: Cell[][] = [[' a', '""x, "', '\ufeff', '', null, 'y\n"z" ', 'b ']];
    const bytes = Buffer.from(postgresCsv(rows));
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      for (const second of [cut + 1, cut + 3]) {
        const cuts = second < bytes.length ? [cut, second] : [cut];
        expect((await run(bytes, cuts)).text).toBe(papaCsv(rows));
      }
    }
  });

  it('matches Papa Parse on 2,000 seeded random files cut into random chunks', async () => {
    const random = new SeededRandom(20261127);
    for (let file = 0; file < 2_000; file += 1) {
      const columns = random.int(1, 4);
      const rows = Array.from({ length: random.int(1, 6) }, () => Array.from({ length: columns }, () => randomCell(random)));
      const bytes = Buffer.from(postgresCsv(rows));
      const written = await run(bytes, randomCuts(random, bytes.length));
      expect({ file, text: written.text, rows: written.rows }).toEqual({ file, text: papaCsv(rows), rows: rows.length });
    }
  });

  it.each([
    ['formula starts get a leading apostrophe, bare or quoted', [['=1+1', '+x', '-a', '@SUM(A1)', '\tcmd', '\rcmd', '=a,b', '="q"']]],
    ['numbers as written and -Infinity are left alone', [['-5', '-1,234.50', '+3e5', '-12%', '-Infinity', '-.5', '-']]],
    ['the apostrophe goes inside the quotes an edge space or a BOM adds', [['=x ', '-\ufeff', '@ ']]],
  ])('guards the cells of guarded columns: %s', async (_title, rows: Cell[][]) => {
    const guarded = rows[0]?.map(() => true) ?? [];
    const bytes = Buffer.from(postgresCsv(rows));
    expect((await run(bytes, [], undefined, guarded)).text).toBe(papaCsv(rows, guarded));
    expect(papaCsv(rows, guarded)).not.toBe(papaCsv(rows));
  });

  it('leaves the cells of unguarded columns as PostgreSQL wrote them', async () => {
    const rows: Cell[][] = [
      ['=1', '=2', '-x'],
      ['@y', '+z', '=3'],
    ];
    const guarded = [false, true, false];
    const written = await run(Buffer.from(postgresCsv(rows)), [], undefined, guarded);
    expect(written.text).toBe("=1,'=2,-x\n@y,'+z,=3\n");
  });

  it('guards as the JS path on 2,000 seeded random files with random guarded columns, cut into random chunks', async () => {
    const random = new SeededRandom(20261128);
    for (let file = 0; file < 2_000; file += 1) {
      const columns = random.int(1, 4);
      const guarded = Array.from({ length: columns }, () => random.chance(0.7));
      const rows = Array.from({ length: random.int(1, 6) }, () => Array.from({ length: columns }, () => randomCell(random)));
      const bytes = Buffer.from(postgresCsv(rows));
      const written = await run(bytes, randomCuts(random, bytes.length), undefined, guarded);
      expect({ file, text: written.text, rows: written.rows }).toEqual({ file, text: papaCsv(rows, guarded), rows: rows.length });
    }
  });

  it('keeps cells that span many chunks whole, and never changes bytes it already handed on', async () => {
    const rows: Cell[][] = [
      ['a'.repeat(200_000) + ' ', 'x'],
      [`"${'b, '.repeat(100_000)}"`, ''],
      ['\ufeff' + 'c'.repeat(150_000), null],
      ['d', 'e'],
    ];
    const bytes = Buffer.from(postgresCsv(rows));
    for (const size of [997, 4096, 65_536]) {
      const cuts = Array.from({ length: Math.floor((bytes.length - 1) / size) }, (_, index) => (index + 1) * size);
      expect(await run(bytes, cuts)).toEqual({ text: papaCsv(rows), rows: 4, truncated: false });
    }
  });

  it('cuts after the limit, says so only when a row was left out, and never cuts inside a quoted line break', async () => {
    const rows: Cell[][] = [
      ['a\nb', '1'],
      ['c', '2'],
      ['"d\n"', '3'],
    ];
    const bytes = Buffer.from(postgresCsv(rows));
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const cuts = cut < bytes.length ? [cut] : [];
      expect(await run(bytes, cuts, 2)).toEqual({ text: papaCsv(rows.slice(0, 2)), rows: 2, truncated: true });
      expect(await run(bytes, cuts, 3)).toEqual({ text: papaCsv(rows), rows: 3, truncated: false });
    }
    expect(await run(bytes, [], 0)).toEqual({ text: '', rows: 0, truncated: true });
  });

  it('fails with the JS-path fallback once more than its byte budget was handed on (EXPORT_MAX_BYTES)', async () => {
    const rows: Cell[][] = Array.from({ length: 100 }, (_, index) => [`row ${index}`, 'x'.repeat(20)]);
    const bytes = Buffer.from(postgresCsv(rows));
    const lines = new PostgresCsvLines(undefined, { bytes: 500, cap: 600 }, []);
    let handedOn = 0;
    lines.on('data', (chunk: Buffer) => (handedOn += chunk.length));
    const failed = new Promise<Error>((resolve) => lines.on('error', resolve));
    for (let at = 0; at < bytes.length; at += 64) lines.write(bytes.subarray(at, at + 64));
    const error = await failed;
    expect(isNativeCsvFallback(error)).toBe(true);
    expect(error.message).toContain('600 bytes (EXPORT_MAX_BYTES)');
    expect(handedOn).toBeLessThanOrEqual(500);
  });

  it('passes chunks without a cell to rewrite through as they are', async () => {
    const bytes = Buffer.from(postgresCsv([['plain', '1', 'a,b']]));
    const lines = new PostgresCsvLines(undefined, undefined, []);
    const seen: Buffer[] = [];
    lines.on('data', (chunk: Buffer) => seen.push(chunk));
    lines.end(bytes);
    await new Promise((resolve) => lines.on('end', resolve));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.buffer).toBe(bytes.buffer);
  });

  it('fails when the input ends inside a row', async () => {
    await expect(run(Buffer.from('"open'), [])).rejects.toThrow(/inside a row/);
  });
});
