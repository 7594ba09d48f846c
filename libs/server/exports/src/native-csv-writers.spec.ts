import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';

import { DuckDBInstance } from '@duckdb/node-api';
import { createExportCellFormatter, csvRawValue, type ExportItemsMap, formattedCellSql } from '@quarry/formatting';
import { SeededRandom } from '@quarry/testing';
import {
  cellValueSql,
  closeDuckDbInstances,
  csvHeaderLine,
  DuckDbAdapter,
  formulaSafeCell,
  isNativeCsvFallback,
  type NativeCsv,
  type NativeCsvRequest,
  type NativeCsvToStream,
  PostgresAdapter,
  rawCellSql,
  type WarehouseAdapter,
} from '@quarry/warehouses';
import { unparse } from 'papaparse';

import { HOSTILE_VALUES } from './test/hostile-values';

/**
 * The warehouses' CSV writers against the JS path (csvRawValue + Papa Parse) on values that test
 * the quoting rules: the bytes must be identical. Live: embedded DuckDB and PostgreSQL at 127.0.0.1.
 */
const STRINGS = [
  'plain',
  'a,b',
  'say "hi"',
  'two\nlines',
  'cr\rhere',
  ' leading',
  'trailing ',
  ' ',
  '',
  '\ufeffbom',
  'back\\slash',
  'tab\there',
  'Zoë 🙂',
  "O'Brien",
  'ctl\u0001 char',
  ' \u0001',
  '\u0001',
  null,
  // Formula starts (made text with a leading ') and numbers as written (left alone), issue 31.
  "=cmd|' /C calc'!A0",
  '=1+1',
  '+1',
  '-5',
  '-5.25',
  '-1,234.5',
  '-12%',
  '-',
  '- item',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  '-Infinity',
  '+3e5',
  '-.5',
  '-5.',
  '-e5',
  "'=already",
];
/** Within the window where engines and JavaScript both print floats in plain notation (1e-4 ≤ |x| < 1e15). */
const DOUBLES = [
  1,
  0.1,
  2.5,
  -3,
  0.0001,
  0.00012345678901234,
  123456789.125,
  1 / 3,
  -0.0001234,
  999999999999999.9,
  123456789012345.67,
  1e14,
  0,
  -0,
  null,
];
/** Outside it: JavaScript writes 1e-7, 0.00001, 1e+21, 12345678901234568; the engines 1e-07, 1e-05… */
const FAR_DOUBLES = [1e-7, 0.00001, 1e21, 12345678901234568, 1e16, 1.5e300];

interface Case {
  column: string;
  as: 'date' | 'timestamp' | 'text';
  kind?: 'date' | 'timestamp' | 'number' | 'string';
}
const CASES: Case[] = [
  { column: 's', as: 'text', kind: 'string' },
  { column: 'i', as: 'text', kind: 'number' },
  { column: 'dec', as: 'text', kind: 'number' },
  { column: 'b', as: 'text' },
  { column: 'd', as: 'date', kind: 'date' },
  { column: 'ts', as: 'timestamp', kind: 'timestamp' },
  { column: 'tsd', as: 'date', kind: 'date' },
  { column: 'f', as: 'text', kind: 'number' },
];

/** Every column but the text one. */
const UNQUOTED_CASES = CASES.filter((entry) => entry.column !== 's');

/** Text made of the pieces either writer quotes for, or of ones that look like they might. */
const TEXT_PIECES = [
  'a',
  'Zoë',
  '🙂',
  ' ',
  ',',
  '"',
  '""',
  '\n',
  '\r',
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
  'e',
  '%',
];

function randomText(random: SeededRandom): string | null {
  if (random.chance(0.1)) return null;
  if (random.chance(0.1)) return '';
  return Array.from({ length: random.int(1, 5) }, () => random.pick(TEXT_PIECES)).join('');
}

function literal(value: string | null): string {
  return value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`;
}

/**
 * DuckDB's node client drops a BOM that starts a text value (its UTF-8 decoder does), so the JS path
 * on DuckDB loses it where COPY keeps it: that one value is left out of DuckDB's comparison.
 */
function stringsFor(engine: 'duckdb' | 'postgres'): Array<string | null> {
  return engine === 'duckdb' ? STRINGS.filter((text) => !text?.startsWith('\ufeff')) : STRINGS;
}

function valuesSql(engine: 'duckdb' | 'postgres', withDoubles: boolean): string {
  const rows = stringsFor(engine).map((text, index) => {
    const number = index % 3 === 0 ? 'NULL' : String(index * 1_000_000_007 - 5);
    const decimal = index % 4 === 0 ? 'NULL' : `${index % 2 ? '-' : ''}${index * 3}.${String((index * 7) % 100).padStart(2, '0')}`;
    const day = `2018-0${(index % 9) + 1}-${String((index % 27) + 1).padStart(2, '0')}`;
    const cells = [
      literal(text),
      number,
      decimal,
      index % 5 === 0 ? 'NULL' : index % 2 ? 'TRUE' : 'FALSE',
      `DATE '${day}'`,
      `TIMESTAMP '${day} 1${index % 10}:0${index % 10}:05.${String(index * 37).padStart(6, '0')}'`,
      `TIMESTAMP '${day} 23:59:59'`,
      ...(withDoubles
        ? [
            DOUBLES[index] === null || DOUBLES[index] === undefined
              ? 'NULL'
              : `CAST('${Object.is(DOUBLES[index], -0) ? '-0' : DOUBLES[index]}' AS ${engine === 'duckdb' ? 'DOUBLE' : 'double precision'})`,
          ]
        : []),
    ];
    return `(${index}, ${cells.join(', ')})`;
  });
  const names = ['n', 's', 'i', 'dec', 'b', 'd', 'ts', 'tsd', ...(withDoubles ? ['f'] : [])];
  const integer = engine === 'duckdb' ? 'BIGINT' : 'bigint';
  return `SELECT n, s, CAST(i AS ${integer}) AS i, CAST(dec AS DECIMAL(10,2)) AS dec, b, d, ts, tsd${withDoubles ? ', f' : ''} FROM (VALUES ${rows.join(', ')}) AS v(${names.join(', ')}) ORDER BY n`;
}

/** The JS path's file for these rows: BOM, Papa's header line, then Papa's lines of csvRawValue cells (made formula-safe, as csvText does). */
async function jsCsv(adapter: WarehouseAdapter, sql: string, cases: Case[], limit: number | undefined): Promise<string> {
  const lines: string[][] = [];
  for await (const batch of adapter.streamQuery(sql, [])) {
    for (const row of batch)
      lines.push(
        cases.map((entry) =>
          formulaSafeCell(csvRawValue(row[entry.column], entry.kind === 'date' || entry.kind === 'timestamp' ? entry.kind : undefined)),
        ),
      );
  }
  const kept = limit === undefined ? lines : lines.slice(0, limit);
  return `\ufeff${unparse([cases.map((entry) => entry.column)], { newline: '\n' })}\n${kept.length ? `${unparse(kept, { newline: '\n' })}\n` : ''}`;
}

async function request(
  native: NativeCsv,
  engine: 'duckdb' | 'postgres',
  sql: string,
  cases: Case[],
  limit?: number,
): Promise<NativeCsvRequest> {
  const types = new Map((await native.describe(sql, [])).map((column) => [column.name, column.nativeType]));
  const cells = cases.map((entry) => {
    const cell = rawCellSql(engine, types.get(entry.column) as string, native.columnSql(entry.column), entry.as);
    if (cell === undefined) throw new Error(`no raw cell SQL for ${entry.column} (${types.get(entry.column)})`);
    return cell;
  });
  return { sql, params: [], cells, header: headerOf(cases), limit };
}

/** Header cells as Papa Parse writes them in a header line (the column names here). */
function headerOf(cases: Case[]): string[] {
  return cases.map((entry) => unparse([[entry.column]], { newline: '\n' }));
}

async function nativeCsv(
  native: NativeCsv,
  csvRequest: NativeCsvRequest,
  directory?: string,
): Promise<{ text: string; rows: number; truncated: boolean }> {
  if (native.destination === 'file') {
    const path = join(directory ?? native.directory, 'job.csv');
    const { bytes, rows, truncated } = await native.writeFile(csvRequest, path);
    return { text: readFileSync(path).subarray(0, bytes).toString('utf8'), rows, truncated };
  }
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  output.write(csvHeaderLine(csvRequest.header));
  const { rows, truncated } = await native.writeStream(csvRequest, output);
  return { text: Buffer.concat(chunks).toString('utf8'), rows, truncated };
}

/** The same columns formatted as users see them: text, a currency, an integer with decimals, booleans, dates by month, timestamps, doubles by a spreadsheet expression. */
const FORMATTED_ITEMS: ExportItemsMap = {
  s: { type: 'string' },
  i: { type: 'number', round: 2, format: 'usd' },
  dec: { type: 'number', formatOptions: { type: 'number', round: 1, separator: 'periodComma', prefix: ' ~', suffix: ', "x"' } },
  b: { type: 'boolean' },
  d: { type: 'date', timeInterval: 'MONTH' },
  ts: { type: 'timestamp' },
  tsd: { type: 'timestamp', timeInterval: 'DAY' },
  f: { type: 'number', format: '#,##0.000' },
};

async function formattedRequest(native: NativeCsv, engine: 'duckdb' | 'postgres', sql: string, cases: Case[]): Promise<NativeCsvRequest> {
  const types = new Map((await native.describe(sql, [])).map((column) => [column.name, column.nativeType]));
  const cells = cases.map((entry) => {
    const value = cellValueSql(engine, types.get(entry.column) as string, native.columnSql(entry.column));
    const cell = value && formattedCellSql(FORMATTED_ITEMS[entry.column], value.sql, engine, 'formatted', value.type);
    if (cell === undefined) throw new Error(`no formatted cell SQL for ${entry.column} (${types.get(entry.column)})`);
    return { sql: cell, mayNeedQuotes: true };
  });
  return { sql, params: [], cells, header: headerOf(cases) };
}

/** The JS path's formatted file: createExportCellFormatter's cells, Papa's lines. */
async function jsFormattedCsv(adapter: WarehouseAdapter, sql: string, cases: Case[]): Promise<string> {
  const format = createExportCellFormatter(
    FORMATTED_ITEMS,
    cases.map((entry) => ({ id: entry.column })),
    false,
  );
  const lines: string[][] = [];
  for await (const batch of adapter.streamQuery(sql, [])) for (const row of batch) lines.push(format(row).map(formulaSafeCell));
  return `\ufeff${unparse([cases.map((entry) => entry.column)], { newline: '\n' })}\n${unparse(lines, { newline: '\n' })}\n`;
}

describe('native CSV writers write the bytes the JS path writes', () => {
  describe('DuckDB (COPY TO a staged file)', () => {
    let dataDir: string;
    let adapter: DuckDbAdapter;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'quarry-native-csv-'));
      mkdirSync(join(dataDir, 'warehouse'));
      const writer = await DuckDBInstance.create(join(dataDir, 'warehouse', 'w.duckdb'));
      const connection = await writer.connect();
      await connection.run('CREATE TABLE t AS SELECT 1 AS x');
      connection.closeSync();
      writer.closeSync();
      adapter = new DuckDbAdapter({ type: 'duckdb', path: 'warehouse/w.duckdb' }, { dataDir, folder: dataDir });
    });
    afterAll(async () => {
      await adapter.close();
      await closeDuckDbInstances();
    });

    it('every row, quoted as Papa Parse quotes', async () => {
      const sql = valuesSql('duckdb', true);
      const written = await nativeCsv(adapter.nativeCsv, await request(adapter.nativeCsv, 'duckdb', sql, CASES));
      expect(written.text).toBe(await jsCsv(adapter, sql, CASES, undefined));
      expect(written).toMatchObject({ rows: stringsFor('duckdb').length, truncated: false });
    });

    // DuckDB writes its column names as the header line; an identifier cannot be empty, and it renames a repeated one.
    it.each([
      [['', 'a,b', '', 'same', 'Same', ' lead', 'two\nlines', '']],
      // `b` and an empty name join as `b,`, which the fourth name repeats.
      [['x', 'b', '', 'b,', '\ufeffbom', 'x', 'y', 'y']],
    ])('writes the header %j as Papa Parse writes the header line', async (names) => {
      const sql = valuesSql('duckdb', true);
      const csvRequest = {
        ...(await request(adapter.nativeCsv, 'duckdb', sql, CASES)),
        header: names.map((name) => unparse([[name]], { newline: '\n' })),
      };
      const written = await nativeCsv(adapter.nativeCsv, csvRequest);
      const js = await jsCsv(adapter, sql, CASES, undefined);
      const rows = js.slice(js.indexOf('\n') + 1);
      expect(written.text).toBe(`\ufeff${unparse([names], { newline: '\n' })}\n${rows}`);
    });

    /** Strings DuckDB's own CSV writer quotes as Papa Parse does: no `#`, no BOM, no space at either end. */
    const WRITER_STRINGS = [
      'plain',
      'a,b',
      'say "hi"',
      '"',
      'two\nlines',
      'cr\rhere',
      'in side',
      '',
      'back\\slash',
      'tab\there',
      'Zoë 🙂',
      "O'Brien",
      'ctl\u0001 char',
      '\u0001',
      null,
    ];

    function stringsSql(strings: ReadonlyArray<string | null>): string {
      return `SELECT n, s FROM (VALUES ${strings.map((text, index) => `(${index}, ${literal(text)})`).join(', ')}) AS v(n, s) ORDER BY n`;
    }

    it('lets DuckDB quote where its writer quotes as Papa Parse does, empty strings as empty cells', async () => {
      const sql = stringsSql(WRITER_STRINGS);
      const cases: Case[] = [
        { column: 'n', as: 'text', kind: 'number' },
        { column: 's', as: 'text', kind: 'string' },
      ];
      const csvRequest = await request(adapter.nativeCsv, 'duckdb', sql, cases);
      const written = await adapter.nativeCsv.writeFile(csvRequest, join(adapter.nativeCsv.directory, 'writer.csv'));
      expect(written).toMatchObject({ quotedBy: 'writer', writerStopped: false });
      expect(readFileSync(join(adapter.nativeCsv.directory, 'writer.csv')).subarray(0, written.bytes).toString('utf8')).toBe(
        await jsCsv(adapter, sql, cases, undefined),
      );
    });

    // (A value that starts with a BOM is left out: the node client drops that BOM, so the JS path reads another value.)
    it.each([['#hash'], ['a#b'], ['x\ufeffy'], [' lead'], ['trail '], [' ']])('quotes in SQL instead when a value is %j', async (odd) => {
      const sql = stringsSql([...WRITER_STRINGS, odd]);
      const cases: Case[] = [
        { column: 's', as: 'text', kind: 'string' },
        { column: 'n', as: 'text', kind: 'number' },
      ];
      const path = join(adapter.nativeCsv.directory, 'odd.csv');
      const csvRequest = await request(adapter.nativeCsv, 'duckdb', sql, cases);
      const expected = await jsCsv(adapter, sql, cases, undefined);
      const written = await adapter.nativeCsv.writeFile(csvRequest, path);
      expect(written).toMatchObject({ quotedBy: 'sql', writerStopped: true });
      expect(readFileSync(path).subarray(0, written.bytes).toString('utf8')).toBe(expected);
      // The same query again is quoted in SQL from the start: no stopped attempt, the same bytes.
      const again = await adapter.nativeCsv.writeFile(csvRequest, path);
      expect(again).toMatchObject({ quotedBy: 'sql', writerStopped: false });
      expect(readFileSync(path).subarray(0, again.bytes).toString('utf8')).toBe(expected);
    });

    it.each([['a,b'], ['#'], ['say "hi"'], [' lead']])('quotes in SQL when a header cell is %j', async (name) => {
      const sql = stringsSql(WRITER_STRINGS);
      const cases: Case[] = [
        { column: 'n', as: 'text', kind: 'number' },
        { column: 's', as: 'text', kind: 'string' },
      ];
      const csvRequest = {
        ...(await request(adapter.nativeCsv, 'duckdb', sql, cases)),
        header: ['n', unparse([[name]], { newline: '\n' })],
      };
      const path = join(adapter.nativeCsv.directory, 'header.csv');
      const written = await adapter.nativeCsv.writeFile(csvRequest, path);
      expect(written.quotedBy).toBe('sql');
      const js = await jsCsv(adapter, sql, cases, undefined);
      expect(readFileSync(path).subarray(0, written.bytes).toString('utf8')).toBe(
        `\ufeff${unparse([['n', name]], { newline: '\n' })}\n${js.slice(js.indexOf('\n') + 1)}`,
      );
    });

    it('runs the query setup once per connection, for the writer and the SQL quoting alike', async () => {
      // No row unless the setup ran on the connection of each attempt.
      const sql = "SELECT $1::VARCHAR AS s WHERE getvariable('quarry_csv_test') = $1::VARCHAR";
      const path = join(adapter.nativeCsv.directory, 'setup.csv');
      const cases: Case[] = [{ column: 's', as: 'text', kind: 'string' }];
      for (const [value, quotedBy] of [
        ['a,b', 'writer'],
        ['a#b', 'sql'],
      ] as const) {
        const base = await request(adapter.nativeCsv, 'duckdb', sql, cases);
        const written = await adapter.nativeCsv.writeFile(
          { ...base, params: [value], options: { setup: ['SET VARIABLE quarry_csv_test = $1'] } },
          path,
        );
        expect(written).toMatchObject({ quotedBy, rows: 1 });
        expect(readFileSync(path).subarray(0, written.bytes).toString('utf8')).toBe(`\ufeffs\n${unparse([[value]], { newline: '\n' })}\n`);
      }
    });

    it('rows with no text cell (numbers, booleans, dates: never quoted, never tested)', async () => {
      const sql = valuesSql('duckdb', true);
      const written = await nativeCsv(adapter.nativeCsv, await request(adapter.nativeCsv, 'duckdb', sql, UNQUOTED_CASES));
      expect(written.text).toBe(await jsCsv(adapter, sql, UNQUOTED_CASES, undefined));
    });

    it('formatted cells, quoted as Papa Parse quotes', async () => {
      const sql = valuesSql('duckdb', true);
      const written = await nativeCsv(adapter.nativeCsv, await formattedRequest(adapter.nativeCsv, 'duckdb', sql, CASES));
      expect(written.text).toBe(await jsFormattedCsv(adapter, sql, CASES));
    });

    it('cuts the row past the limit and says so, even when it spans lines', async () => {
      // Row 4 (index 3) holds a line break: the cut must find where it starts.
      const sql = `${valuesSql('duckdb', true)} LIMIT 5`;
      const written = await nativeCsv(
        adapter.nativeCsv,
        await request(adapter.nativeCsv, 'duckdb', sql.replace('LIMIT 5', 'LIMIT 4'), CASES, 3),
      );
      expect(written.text).toBe(await jsCsv(adapter, sql, CASES, 3));
      expect(written).toMatchObject({ rows: 3, truncated: true });
    });

    it.each([...FAR_DOUBLES.map((value) => `CAST('${value}' AS DOUBLE)`), 'CAST(0.0000001 AS DECIMAL(18,9))'])(
      'hands %s to the JS path',
      async (value) => {
        const sql = `SELECT ${value} AS f`;
        const failure = await nativeCsv(
          adapter.nativeCsv,
          await request(adapter.nativeCsv, 'duckdb', sql, [{ column: 'f', as: 'text' }]),
        ).catch((error: unknown) => error);
        expect(isNativeCsvFallback(failure)).toBe(true);
      },
    );

    it('writes nowhere but its own directory', async () => {
      const csvRequest = await request(adapter.nativeCsv, 'duckdb', 'SELECT 1 AS i', [{ column: 'i', as: 'text' }]);
      await expect(adapter.nativeCsv.writeFile(csvRequest, join(dataDir, 'elsewhere.csv'))).rejects.toThrow(
        /only write export files inside/,
      );
      await expect(adapter.runQuery(`SELECT * FROM read_csv('${join(dataDir, 'elsewhere.csv')}')`)).rejects.toThrow(
        /disabled by configuration|Permission/,
      );
    });
  });

  describe('PostgreSQL (COPY TO STDOUT)', () => {
    const adapter = new PostgresAdapter({
      type: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      password: '',
      dbname: 'postgres',
      schema: 'public',
      sslmode: 'disable',
    });
    const native = adapter.nativeCsv as NativeCsvToStream;
    afterAll(() => adapter.close());

    it('every row, quoted as Papa Parse quotes', async () => {
      const sql = valuesSql('postgres', true);
      const written = await nativeCsv(native, await request(native, 'postgres', sql, CASES));
      expect(written.text).toBe(await jsCsv(adapter, sql, CASES, undefined));
      expect(written).toMatchObject({ rows: STRINGS.length, truncated: false });
    });

    it("seeded random text in 1–3 columns: PostgreSQL quotes, the rewrite gives the JS path's bytes", async () => {
      const random = new SeededRandom(20261128);
      for (let file = 0; file < 40; file += 1) {
        const names = Array.from({ length: random.int(1, 3) }, (_, index) => `t${index}`);
        const rows = Array.from(
          { length: random.int(1, 30) },
          (_, index) => `(${[index, ...names.map(() => literal(randomText(random)))].join(', ')})`,
        );
        const sql = `SELECT ${names.join(', ')} FROM (VALUES ${rows.join(', ')}) AS v(n, ${names.join(', ')}) ORDER BY n`;
        const cases = names.map((column) => ({ column, as: 'text' as const }));
        const written = await nativeCsv(native, await request(native, 'postgres', sql, cases));
        expect({ file, text: written.text }).toEqual({ file, text: await jsCsv(adapter, sql, cases, undefined) });
      }
    });

    it('rows with no text cell (numbers, booleans, dates: never quoted, never tested)', async () => {
      const sql = valuesSql('postgres', true);
      const written = await nativeCsv(native, await request(native, 'postgres', sql, UNQUOTED_CASES));
      expect(written.text).toBe(await jsCsv(adapter, sql, UNQUOTED_CASES, undefined));
    });

    it('formatted cells, quoted as Papa Parse quotes', async () => {
      const sql = valuesSql('postgres', true);
      const written = await nativeCsv(native, await formattedRequest(native, 'postgres', sql, CASES));
      expect(written.text).toBe(await jsFormattedCsv(adapter, sql, CASES));
    });

    it('cuts the row past the limit and says so', async () => {
      const sql = `${valuesSql('postgres', true)} LIMIT 4`;
      const written = await nativeCsv(native, await request(native, 'postgres', sql, CASES, 3));
      expect(written.text).toBe(await jsCsv(adapter, sql, CASES, 3));
      expect(written).toMatchObject({ rows: 3, truncated: true });
    });

    it.each([...FAR_DOUBLES.map((value) => `CAST('${value}' AS double precision)`), 'CAST(0.0000001 AS numeric)', 'CAST(1e22 AS numeric)'])(
      'hands %s to the JS path',
      async (value) => {
        const sql = `SELECT ${value} AS f`;
        const failure = await nativeCsv(native, await request(native, 'postgres', sql, [{ column: 'f', as: 'text' }])).catch(
          (error: unknown) => error,
        );
        expect(isNativeCsvFallback(failure)).toBe(true);
      },
    );

    it('writes hostile parameter values in as literals that mean exactly the value', async () => {
      const values = HOSTILE_VALUES;
      const sql = `SELECT ${values.map((_, index) => `$${index + 1} AS c${index}`).join(', ')}, $${values.length + 1} = 'x' AS matched`;
      const params = [...values, "x' OR 'a'='a"];
      const columns = values.map((_, index) => ({ column: `c${index}`, as: 'text' as const }));
      const csvRequest = { ...(await request(native, 'postgres', `${sql}`.replace(/\$(\d+)/g, "'p'"), columns)), sql, params };
      const written = await nativeCsv(native, csvRequest);
      expect(written.text).toBe(`${csvHeaderLine(csvRequest.header)}${unparse([values], { newline: '\n' })}\n`);
      await expect(native.writeStream({ ...csvRequest, params: ['\u0000', ...params.slice(1)] }, new PassThrough())).rejects.toThrow(/NUL/);
    });
  });
});
