import { mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';
import type { CustomFormat } from '@quarry/domain';
import { createExportCellFormatter, type ExportItem, formattedCellSql } from '@quarry/formatting';
import { SeededRandom } from '@quarry/testing';
import {
  cellValueSql,
  closeDuckDbInstances,
  DuckDbAdapter,
  isNativeCsvFallback,
  PostgresAdapter,
  type WarehouseAdapter,
} from '@quarry/warehouses';

/**
 * Property test of formatting compiled to SQL: seeded values of every format kind, formatted by
 * the JS path (the adapter's value through createExportCellFormatter) and by the SQL of
 * formattedCellSql evaluated by the engine — every cell byte-identical. Live: embedded DuckDB and
 * PostgreSQL at 127.0.0.1 (queries over VALUES, no tables).
 */
type Engine = 'duckdb' | 'postgres';
type SqlKind = 'double' | 'decimal' | 'wideDecimal' | 'bigint' | 'integer' | 'date' | 'timestamp' | 'timestamptz' | 'boolean' | 'text';

const TYPES: Record<Engine, Record<SqlKind, string>> = {
  duckdb: {
    double: 'DOUBLE',
    decimal: 'DECIMAL(18,4)',
    wideDecimal: 'DECIMAL(38,10)',
    bigint: 'BIGINT',
    integer: 'INTEGER',
    date: 'DATE',
    timestamp: 'TIMESTAMP',
    timestamptz: 'TIMESTAMPTZ',
    boolean: 'BOOLEAN',
    text: 'VARCHAR',
  },
  postgres: {
    double: 'double precision',
    decimal: 'numeric(18,4)',
    wideDecimal: 'numeric',
    bigint: 'bigint',
    integer: 'integer',
    date: 'date',
    timestamp: 'timestamp',
    timestamptz: 'timestamptz',
    boolean: 'boolean',
    text: 'text',
  },
};

/** A seeded generator's next(), so a failure reproduces. */
function random(seed: number): () => number {
  const generator = new SeededRandom(seed);
  return () => generator.next();
}

interface Sample {
  /** Literal text of the value, cast to the column's type; null for NULL. */
  text: string | null;
  /** Within the window every engine formats itself: it must never take the JS path. */
  safe: boolean;
}

const pick = <T>(next: () => number, values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
const digits = (next: () => number, count: number): string => Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');

function doubleSample(next: () => number): Sample {
  const sign = next() < 0.3 ? -1 : 1;
  const shape = next();
  let value: number;
  if (shape < 0.3)
    value = sign * next() * 10 ** Math.floor(next() * 20 - 6); // any digits, 1e-6 … 1e13
  else if (shape < 0.55)
    value = sign * Number(`${digits(next, 1 + Math.floor(next() * 9))}.${digits(next, Math.floor(next() * 4))}5`); // ties at some decimal
  else if (shape < 0.7)
    value = sign * Math.floor(next() * 10 ** Math.floor(next() * 13)); // integers
  else if (shape < 0.8)
    value = sign * next() * 10 ** -Math.floor(7 + next() * 20); // tiny
  else if (shape < 0.9)
    value = sign * next() * 10 ** Math.floor(13 + next() * 10); // large
  else
    value = pick(next, [
      0,
      -0,
      0.5,
      -0.5,
      1.005,
      2.675,
      0.125,
      1e-6,
      999.9995,
      9999.5,
      0.0005,
      -0.0001,
      1e15,
      999999999999999.9,
      1e21,
      Number.NaN,
      Infinity,
      -Infinity,
      5e-324,
    ]);
  const magnitude = Math.abs(value);
  const safe = magnitude === 0 || (magnitude >= 1e-6 && magnitude < 1e12);
  return { text: Object.is(value, -0) ? '-0' : String(value), safe };
}

function decimalSample(next: () => number, integerDigits: number, scale: number): Sample {
  const whole = digits(next, 1 + Math.floor(next() * integerDigits)).replace(/^0+(?=\d)/, '');
  const fraction = digits(next, Math.floor(next() * (scale + 1)));
  const text = `${next() < 0.3 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  return { text, safe: whole.length <= 12 };
}

function integerSample(next: () => number, maxDigits: number): Sample {
  const text = `${next() < 0.3 ? '-' : ''}${digits(next, 1 + Math.floor(next() * maxDigits)).replace(/^0+(?=\d)/, '')}`;
  return { text, safe: text.replace('-', '').length <= 12 };
}

function temporalSample(next: () => number, withTime: boolean): Sample {
  const year = next() < 0.1 ? 1 + Math.floor(next() * 999) : 1900 + Math.floor(next() * 200);
  const day = `${String(year).padStart(4, '0')}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
  if (!withTime) return { text: day, safe: true };
  const time = [24, 60, 60].map((limit) => String(Math.floor(next() * limit)).padStart(2, '0')).join(':');
  return { text: `${day} ${time}.${digits(next, 6)}`, safe: true };
}

const STRINGS = ['plain', '', ' ', 'a,b', 'say "hi"', 'two\nlines', 'Zoë 🙂', "O'Brien", '∅', '0'];

function sample(kind: SqlKind, next: () => number): Sample {
  if (next() < 0.05) return { text: null, safe: true };
  switch (kind) {
    case 'double':
      return doubleSample(next);
    case 'decimal':
      return decimalSample(next, 14, 4);
    case 'wideDecimal':
      return decimalSample(next, 16, 10);
    case 'bigint':
      return next() < 0.05 ? { text: pick(next, ['-9223372036854775808', '9223372036854775807']), safe: false } : integerSample(next, 18);
    case 'integer':
      // The type's own bounds: abs() of the minimum overflows in the type
      return next() < 0.05 ? { text: pick(next, ['-2147483648', '2147483647']), safe: true } : integerSample(next, 9);
    case 'date':
      return temporalSample(next, false);
    case 'timestamp':
    case 'timestamptz':
      return temporalSample(next, true);
    case 'boolean':
      return { text: pick(next, ['true', 'false']), safe: true };
    case 'text':
      return { text: pick(next, STRINGS), safe: true };
  }
}

const ROUNDS = [undefined, 0, 1, 2, 3, 4, 6, 10, 20];
const SEPARATORS = [undefined, 'default', 'commaPeriod', 'spacePeriod', 'periodComma', 'noSeparatorPeriod'] as const;
const COMPACTS = [undefined, undefined, 'thousands', 'millions', 'billions', 'trillions', 'K', 'M'] as const;
const CURRENCIES = [undefined, 'USD', 'EUR', 'GBP', 'JPY', 'DKK', 'CHF', 'BRL', 'INR', 'xx'];

function numberFormats(next: () => number): CustomFormat[] {
  const formats: CustomFormat[] = [
    { type: 'default' },
    { type: 'id' },
    { type: 'bytes_si' },
    { type: 'bytes_iec', round: 2 },
    { type: 'bytes_si', compact: 'megabytes', round: 1 },
    { type: 'bytes_si', compact: 'kilobytes', round: -2 },
  ];
  // significant digits (round < 0): their SQL is a CASE over the exponent, slow for DuckDB to plan, so a few chosen ones
  formats.push(
    { type: 'number', round: -3 },
    { type: 'currency', round: -2, currency: 'EUR', separator: 'periodComma' },
    { type: 'percent', round: -5 },
    { type: 'number', round: -17, compact: 'K', prefix: '~' },
    { type: 'number', round: -1, separator: 'spacePeriod' },
  );
  for (let index = 0; index < 14; index += 1) {
    const round = pick(next, ROUNDS);
    const separator = pick(next, SEPARATORS);
    formats.push({
      type: 'number',
      round,
      separator,
      compact: pick(next, COMPACTS),
      prefix: pick(next, [undefined, '', '~', "'"]),
      suffix: pick(next, [undefined, ' km', '%%']),
    });
    formats.push({
      type: 'currency',
      round: pick(next, [undefined, undefined, ...ROUNDS]),
      separator,
      currency: pick(next, CURRENCIES),
      compact: pick(next, COMPACTS),
    });
    formats.push({ type: 'percent', round, separator });
  }
  return formats;
}

interface FormatCase {
  name: string;
  item: ExportItem | undefined;
  kinds: SqlKind[];
  /** false: the JS path writes it (the test checks it is not compiled). */
  compiles?: boolean;
}

const NUMBER_KINDS: SqlKind[] = ['double', 'decimal', 'wideDecimal', 'bigint', 'integer'];
const INTERVALS = [undefined, 'YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE', 'SECOND', 'MILLISECOND'];

function formatCases(next: () => number): FormatCase[] {
  // identifiers print as JavaScript prints the value: compiled for integers only
  const kindsOf = (format: CustomFormat | string | undefined): SqlKind[] =>
    format === 'id' || (typeof format === 'object' && format.type === 'id') ? ['integer', 'bigint'] : NUMBER_KINDS;
  const cases: FormatCase[] = numberFormats(next).map((format) => ({
    name: JSON.stringify(format),
    item: { type: 'number', formatOptions: format },
    kinds: kindsOf(format),
  }));
  // legacy fields: format keywords with round, compact and separator
  for (const format of [undefined, 'usd', 'gbp', 'eur', 'jpy', 'dkk', 'km', 'mi', 'percent', 'id']) {
    const item = { type: 'sum', format, round: pick(next, ROUNDS), compact: pick(next, COMPACTS), separator: pick(next, SEPARATORS) };
    cases.push({ name: `legacy ${JSON.stringify(item)}`, item, kinds: kindsOf(format) });
  }
  // spreadsheet expressions: the subset compiled, and some that are not
  for (const expression of [
    '#,##0.00',
    '0',
    '#,##0',
    '0.0 "km"',
    '"$"#,##0.00',
    '$#,##0.00',
    '[$€]#,##0.00',
    '0.000',
    '#,##0.0000000000',
  ]) {
    cases.push({ name: `expression ${expression}`, item: { type: 'sum', format: expression }, kinds: NUMBER_KINDS });
  }
  cases.push({
    name: 'custom format 0.00',
    item: { type: 'number', formatOptions: { type: 'custom', custom: '#,##0.0' } },
    kinds: NUMBER_KINDS,
  });
  for (const expression of ['0.0%', '#,##0.00;(#,##0.00)', '0.0#', '# ?/?', '0.00E+00']) {
    cases.push({ name: `expression ${expression}`, item: { type: 'sum', format: expression }, kinds: ['double'], compiles: false });
  }
  cases.push({ name: 'year number', item: { type: 'number', timeInterval: 'YEAR_NUM' }, kinds: ['integer', 'bigint'] });
  for (const interval of INTERVALS) {
    cases.push({ name: `date ${interval}`, item: { type: 'date', timeInterval: interval }, kinds: ['date', 'timestamp', 'timestamptz'] });
    cases.push({
      name: `timestamp ${interval}`,
      item: { type: 'timestamp', timeInterval: interval },
      kinds: ['date', 'timestamp', 'timestamptz'],
    });
    cases.push({
      name: `table calculation as date ${interval}`,
      item: { type: 'number', format: { type: 'date', timeInterval: interval } },
      kinds: ['date', 'timestamp'],
    });
  }
  cases.push({ name: 'max of dates', item: { type: 'max' }, kinds: ['date', 'timestamptz'] });
  cases.push({ name: 'boolean', item: { type: 'boolean' }, kinds: ['boolean'] });
  cases.push({ name: 'string', item: { type: 'string' }, kinds: ['text'] });
  cases.push({ name: 'custom sql dimension', item: { type: 'sql', dimensionType: 'number', round: 2 }, kinds: ['double', 'decimal'] });
  cases.push({ name: 'no item', item: undefined, kinds: ['double', 'bigint', 'integer', 'boolean', 'text'] });
  return cases;
}

const SAMPLES_PER_CASE = 60;

interface Mismatch {
  format: string;
  type: string;
  value: string | null;
  js: string;
  sql: string | null;
}

function valuesSql(type: string, samples: readonly Sample[]): string {
  const rows = samples.map(
    (entry, index) => `(${index}, ${entry.text === null ? 'NULL' : `CAST('${entry.text.replace(/'/g, "''")}' AS ${type})`})`,
  );
  return `SELECT n, v FROM (VALUES ${rows.join(', ')}) AS t(n, v)`;
}

async function rowsOf(adapter: WarehouseAdapter, sql: string): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for await (const batch of adapter.streamQuery(sql, [])) rows.push(...batch);
  return rows;
}

/** The SQL's cells by row number; a row whose cell hands over to the JS path is left out (found by halving failing ranges). */
async function sqlCells(adapter: WarehouseAdapter, sql: string, cell: string, count: number): Promise<Map<number, string | null>> {
  const cells = new Map<number, string | null>();
  const read = async (from: number, to: number): Promise<void> => {
    try {
      const rows = await rowsOf(
        adapter,
        `SELECT q.n AS n, ${cell} AS f FROM (${sql}) AS q WHERE q.n >= ${from} AND q.n < ${to} ORDER BY q.n`,
      );
      for (const row of rows) cells.set(Number(row['n']), row['f'] as string | null);
    } catch (error) {
      if (!isNativeCsvFallback(error)) throw error;
      if (to - from === 1) return;
      const middle = Math.floor((from + to) / 2);
      await read(from, middle);
      await read(middle, to);
    }
  };
  await read(0, count);
  return cells;
}

async function compare(
  adapter: WarehouseAdapter,
  engine: Engine,
  seed: number,
): Promise<{ mismatches: Mismatch[]; compared: number; fellBack: number }> {
  const next = random(seed);
  const mismatches: Mismatch[] = [];
  let compared = 0;
  let fellBack = 0;
  for (const formatCase of formatCases(next)) {
    for (const kind of formatCase.kinds) {
      const type = TYPES[engine][kind];
      const samples = Array.from({ length: SAMPLES_PER_CASE }, () => sample(kind, next));
      const sql = valuesSql(type, samples);
      const [column] = await (adapter.nativeCsv as NonNullable<WarehouseAdapter['nativeCsv']>)
        .describe(sql, [])
        .then((columns) => columns.filter((entry) => entry.name === 'v'));
      const value = cellValueSql(engine, column?.nativeType ?? '', 'q.v');
      const cell = value && formattedCellSql(formatCase.item, value.sql, engine, 'formatted', value.type);
      if ((cell === undefined) !== (formatCase.compiles === false))
        mismatches.push({
          format: formatCase.name,
          type,
          value: null,
          js: formatCase.compiles === false ? 'not compiled' : 'compiled',
          sql: cell === undefined ? 'not compiled' : 'compiled',
        });
      if (cell === undefined) continue;
      const format = createExportCellFormatter({ v: formatCase.item }, [{ id: 'v' }], false);
      const jsCells = (await rowsOf(adapter, `${sql} ORDER BY n`)).map((row) => format(row)[0] as string);
      const cells = await sqlCells(adapter, sql, cell, samples.length);
      samples.forEach((entry, index) => {
        if (!cells.has(index)) {
          fellBack += 1;
          return;
        }
        compared += 1;
        const written = cells.get(index) ?? null;
        // the engine writes NULL as the empty cell the JS path writes for empty text
        if (written !== (jsCells[index] === '' ? null : jsCells[index]))
          mismatches.push({ format: formatCase.name, type, value: entry.text, js: jsCells[index] as string, sql: written });
      });
    }
  }
  return { mismatches, compared, fellBack };
}

jest.setTimeout(900_000);

/**
 * One seed per engine in `npm test` (a DuckDB seed takes ≈ 2 minutes: DuckDB plans the
 * significant-digit cells slowly, and every batch that hands over to the JS path is planned again
 * as it is halved). Any others on demand:
 *   FORMATTED_CELL_SEEDS=1,2,3 npx jest -c libs/server/exports/jest.config.cts formatted-cell-sql
 */
const SEEDS = (process.env['FORMATTED_CELL_SEEDS'] ?? '1').split(',').map(Number);

describe('formatted cells compiled to SQL write what the JS path writes', () => {
  describe('DuckDB', () => {
    let adapter: DuckDbAdapter;

    beforeAll(async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'quarry-formatted-cells-'));
      mkdirSync(join(dataDir, 'warehouse'));
      const writer = await DuckDBInstance.create(join(dataDir, 'warehouse', 'w.duckdb'));
      writer.closeSync();
      adapter = new DuckDbAdapter({ type: 'duckdb', path: 'warehouse/w.duckdb' }, { dataDir, folder: dataDir });
    });
    afterAll(async () => {
      await adapter.close();
      await closeDuckDbInstances();
    });

    it.each(SEEDS)('seed %i: every cell byte-identical', async (seed) => {
      const { mismatches, compared, fellBack } = await compare(adapter, 'duckdb', seed);
      expect(mismatches).toEqual([]);
      console.log(`DuckDB seed ${seed}: ${compared} cells compared, ${fellBack} handed to the JS path`);
      // most values are formatted by the engine; the rest (past 1e15, tiny with many decimals) by the JS path
      expect(compared).toBeGreaterThan(fellBack * 5);
    });
  });

  describe('PostgreSQL', () => {
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
    afterAll(() => adapter.close());

    it.each(SEEDS)('seed %i: every cell byte-identical', async (seed) => {
      const { mismatches, compared, fellBack } = await compare(adapter, 'postgres', seed);
      expect(mismatches).toEqual([]);
      console.log(`PostgreSQL seed ${seed}: ${compared} cells compared, ${fellBack} handed to the JS path`);
      expect(compared).toBeGreaterThan(fellBack * 5);
    });
  });
});
