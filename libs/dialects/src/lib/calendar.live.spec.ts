import { DuckDBInstance } from '@duckdb/node-api';
import { TIME_FRAMES, type TimeFrame, type WeekDay } from '@quarry/domain';
import { query as clickHouseQuery } from 'chdb';
import { Client } from 'pg';

import { dialectFor } from './dialect-for';
import type { SqlDialect, TimeSqlOptions } from './sql-dialect';

/**
 * One calendar (calendar.ts), checked on the engines that run here: PostgreSQL, DuckDB, ClickHouse
 * (embedded, chDB) and the Redshift dialect on PostgreSQL with Redshift's literals
 * (`standard_conforming_strings = off`). Every time frame of every dialect gives the values the
 * PostgreSQL dialect gives on PostgreSQL, for dates and timestamps around year ends and every weekday.
 */
interface Engine {
  dialect: SqlDialect;
  date(text: string): string;
  timestamp(text: string): string;
  nullDate: string;
  /** A truncated value as `YYYY-MM-DD HH:MM:SS` text. */
  asText(sql: string): string;
  /** The single row of a SELECT, each value as text (NULL as null). */
  row(selects: readonly string[]): Promise<Array<string | null>>;
  close(): Promise<void>;
}

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

async function postgresEngine(type: 'postgres' | 'redshift'): Promise<Engine> {
  const client = new Client({
    host: process.env['PGHOST'] ?? '127.0.0.1',
    port: Number(process.env['PGPORT'] ?? 5432),
    user: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  await client.query("SET TIME ZONE 'UTC'");
  if (type === 'redshift') await client.query('SET standard_conforming_strings = off; SET escape_string_warning = off');
  return {
    dialect: dialectFor(type),
    date: (value) => `DATE '${value}'`,
    timestamp: (value) => `TIMESTAMP '${value}'`,
    nullDate: 'CAST(NULL AS DATE)',
    asText: (sql) => `TO_CHAR(${sql}, 'YYYY-MM-DD HH24:MI:SS')`,
    row: async (selects) =>
      ((await client.query<unknown[]>({ text: `SELECT ${selects.join(', ')}`, rowMode: 'array' })).rows[0] ?? []).map(text),
    close: () => client.end(),
  };
}

async function duckDbEngine(): Promise<Engine> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  return {
    dialect: dialectFor('duckdb'),
    date: (value) => `DATE '${value}'`,
    timestamp: (value) => `TIMESTAMP '${value}'`,
    nullDate: 'CAST(NULL AS DATE)',
    asText: (sql) => `strftime(CAST(${sql} AS TIMESTAMP), '%Y-%m-%d %H:%M:%S')`,
    row: async (selects) =>
      (((await (await connection.run(`SELECT ${selects.join(', ')}`)).getRowsJson()) as unknown[][])[0] ?? []).map(text),
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

function clickHouseEngine(): Engine {
  return {
    dialect: dialectFor('clickhouse'),
    date: (value) => `toDate('${value}')`,
    timestamp: (value) => `toDateTime('${value}', 'UTC')`,
    nullDate: 'CAST(NULL AS Nullable(Date))',
    asText: (sql) => `formatDateTime(toDateTime(${sql}, 'UTC'), '%Y-%m-%d %H:%i:%S')`,
    row: async (selects) => {
      const aliased = selects.map((select, index) => `${select} AS c${index}`);
      const [line] = clickHouseQuery(`SELECT ${aliased.join(', ')} SETTINGS session_timezone = 'UTC'`, 'JSONEachRow')
        .trim()
        .split('\n');
      const values = JSON.parse(line ?? '{}') as Record<string, unknown>;
      return selects.map((_, index) => text(values[`c${index}`]));
    },
    close: async () => undefined,
  };
}

/**
 * Thu 31 Dec 2020 … Mon 4 Jan 2021 (ISO week 53, then 1), a leap day, Sun 29 / Mon 30 Dec 2024
 * (ISO week 52, then 1 of 2025), a Saturday.
 */
const DAYS = ['2020-12-31', '2021-01-01', '2021-01-02', '2021-01-03', '2021-01-04', '2024-02-29', '2024-12-29', '2024-12-30', '2026-11-28'];
const FRAMES = TIME_FRAMES.filter((frame) => frame !== 'RAW');
const TRUNCATIONS: ReadonlySet<TimeFrame> = new Set(['YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE', 'SECOND', 'MILLISECOND']);
const WEEK_STARTS: ReadonlyArray<WeekDay | undefined> = [undefined, 0, 2, 6];

/** Every frame of a date (and of a timestamp on it at 13:45:07) as text, WEEK once per week start. */
async function calendarOf(engine: Engine, day: string, shiftsWeeks: boolean): Promise<Record<string, string | null>> {
  const selects: Array<[string, string]> = [];
  for (const [baseType, value] of [
    ['date', engine.date(day)],
    ['timestamp', engine.timestamp(`${day} 13:45:07`)],
  ] as const) {
    for (const frame of FRAMES) {
      const starts = frame === 'WEEK' && shiftsWeeks ? WEEK_STARTS : [undefined];
      for (const startOfWeek of starts) {
        const options: TimeSqlOptions = { baseType, ...(startOfWeek === undefined ? {} : { startOfWeek }) };
        const sql = engine.dialect.timeFrameSql(frame, value, options);
        selects.push([
          `${baseType} ${frame}${startOfWeek === undefined ? '' : ` from day ${startOfWeek}`}`,
          TRUNCATIONS.has(frame) ? engine.asText(sql) : sql,
        ]);
      }
    }
  }
  const row = await engine.row(selects.map(([, sql]) => sql));
  return Object.fromEntries(selects.map(([name], index) => [name, normalised(row[index] ?? null)]));
}

/** Whole numbers as integers (PostgreSQL's DATE_PART is a numeric `4`, ClickHouse's an integer). */
function normalised(value: string | null): string | null {
  return value !== null && /^-?\d+(\.0+)?$/.test(value) ? String(Number(value)) : value;
}

describe('one calendar on every engine that runs here', () => {
  let reference: Engine;
  const engines: Array<[string, () => Promise<Engine>, boolean]> = [
    ['duckdb', duckDbEngine, true],
    ['clickhouse', async () => clickHouseEngine(), true],
    // DATEADD, which the Redshift dialect shifts weeks with, is Redshift's own: not on PostgreSQL.
    ['redshift (on PostgreSQL)', () => postgresEngine('redshift'), false],
  ];
  beforeAll(async () => {
    reference = await postgresEngine('postgres');
  });
  afterAll(async () => {
    await reference?.close();
  });

  it('follows the documented rule on PostgreSQL: weeks from Monday, DOW 0 = Sunday, ISO week numbers', async () => {
    const sunday = await calendarOf(reference, '2021-01-03', true);
    expect(sunday['date WEEK']).toBe('2020-12-28 00:00:00');
    expect(sunday['date WEEK from day 6']).toBe('2021-01-03 00:00:00');
    expect(sunday['date WEEK from day 2']).toBe('2020-12-30 00:00:00');
    expect(sunday['date DAY_OF_WEEK_INDEX']).toBe('0');
    expect(sunday['date WEEK_NUM']).toBe('53');
    expect(sunday['timestamp DAY_OF_WEEK_NAME']).toBe('Sunday');
    expect(sunday['timestamp QUARTER_NAME']).toBe('Q1');
    expect(sunday['date HOUR']).toBe('2021-01-03 00:00:00');
    expect(sunday['timestamp SECOND']).toBe('2021-01-03 13:45:07');
    expect((await calendarOf(reference, '2024-12-30', true))['date WEEK_NUM']).toBe('1');
  });

  describe.each(engines)('%s', (_name, open, shiftsWeeks) => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(async () => {
      await engine?.close();
    });

    it.each(DAYS)('gives every time frame of %s as PostgreSQL does', async (day) => {
      expect(await calendarOf(engine, day, shiftsWeeks)).toEqual(await calendarOf(reference, day, shiftsWeeks));
    });

    it('makes text with a NULL part NULL (quarter names, bin labels)', async () => {
      const quarterName = engine.dialect.timeFrameSql('QUARTER_NAME', engine.nullDate, { baseType: 'date' });
      const label = engine.dialect.concatSql([
        `CAST(NULL AS ${engine.dialect.type === 'clickhouse' ? 'Nullable(Int32)' : 'INTEGER'})`,
        "' - '",
        '9',
      ]);
      expect(await engine.row([quarterName, label])).toEqual([null, null]);
    });
  });
});
