import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClickHouseDialect, PostgresDialect, TIME_FRAME_SQL_KINDS } from '@quarry/dialects';
import type { TimeFrame } from '@quarry/domain';
import { type ChdbHttpServer, startChdbHttpServer } from '@quarry/testing';
import { ClickHouseAdapter, PostgresAdapter } from '@quarry/warehouses';

/**
 * The time-zone rule on ClickHouse (issue 32), per interval, on live engines: a ClickHouse
 * `DateTime` column holding UTC instants, with no zone of its own (what a ClickHouse project has),
 * gives under every query time zone the periods, parts and names PostgreSQL gives for a
 * `timestamp` column holding the same UTC values, as a PostgreSQL project has; and under UTC both
 * give the UTC wall clock. Instants straddle a day, a month, a year, a DST change and a half-hour
 * offset in the zones below.
 */
const INSTANTS = [
  '2024-01-31 20:30:45.678',
  '2023-12-31 23:59:59.999',
  '2024-03-31 01:30:00.250',
  '2024-10-27 00:45:00.000',
  '2024-06-30 15:10:00.000',
];
const ZONES = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'Europe/Paris'];
const FRAMES = Object.keys(TIME_FRAME_SQL_KINDS) as TimeFrame[];

const clickhouse = new ClickHouseDialect();
const postgres = new PostgresDialect();

describe('ClickHouse timestamps under a query time zone, per interval (live chDB vs PostgreSQL)', () => {
  let server: ChdbHttpServer;
  let clickhouseAdapter: ClickHouseAdapter;
  let postgresAdapter: PostgresAdapter;

  beforeAll(async () => {
    server = await startChdbHttpServer();
    // Columns without a zone of their own, created before any session zone, as a server's tables are.
    await server.exec('CREATE TABLE default.instants (at DateTime64(3), at_seconds DateTime) ENGINE = MergeTree ORDER BY at');
    await server.exec(
      "INSERT INTO default.instants SELECT toDateTime64(text, 3, 'UTC'), toDateTime(text, 'UTC') FROM (SELECT arrayJoin([" +
        INSTANTS.map((instant) => `'${instant}'`).join(', ') +
        ']) AS text)',
    );
    clickhouseAdapter = new ClickHouseAdapter({
      type: 'clickhouse',
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
      schema: 'default',
    });
    postgresAdapter = new PostgresAdapter({
      type: 'postgres',
      host: process.env['PGHOST'] ?? '127.0.0.1',
      port: Number(process.env['PGPORT'] ?? 5432),
      user: 'postgres',
      dbname: 'postgres',
      schema: 'public',
      sslmode: 'disable',
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([clickhouseAdapter?.close(), postgresAdapter?.close()]);
    await server?.close();
  });

  const onPostgres = async (frame: TimeFrame, timezone: string): Promise<unknown[]> => {
    const values = INSTANTS.map((instant) => `(TIMESTAMP '${instant}')`).join(', ');
    const sql = `SELECT ${postgres.timeFrameSql(frame, 'at', { baseType: 'timestamp' })} AS v FROM (VALUES ${values}) AS t(at) ORDER BY at`;
    return served(await postgresAdapter.runQuery(sql, [], { timezone }));
  };

  const onClickHouse = async (frame: TimeFrame, timezone: string, column: string, sql = clickhouse.wrapTimestampDimension(column)) => {
    const query = `SELECT ${clickhouse.timeFrameSql(frame, sql, { baseType: 'timestamp' })} AS v FROM default.instants ORDER BY at`;
    return served(await clickhouseAdapter.runQuery(query, [], { timezone }));
  };

  it.each(FRAMES.map((frame) => [frame]))(
    '%s: a DateTime64(3) and a DateTime give PostgreSQL timestamp values in every zone',
    async (frame) => {
      const utc = await onPostgres(frame, 'UTC');
      for (const zone of ZONES) {
        expect({ zone, values: await onPostgres(frame, zone) }).toEqual({ zone, values: utc });
        expect({ zone, values: await onClickHouse(frame, zone, 'at') }).toEqual({ zone, values: utc });
        // Whole seconds: the sub-second frames of a DateTime are the second itself.
        const seconds = (await onPostgres(frame, zone)).map((value) => (SUB_SECOND.includes(frame) ? truncatedToSecond(value) : value));
        expect({ zone, values: await onClickHouse(frame, zone, 'at_seconds') }).toEqual({ zone, values: seconds });
      }
    },
  );

  it('would move with the zone without the UTC reading: the session zone applies to a bare DateTime in some functions', async () => {
    expect(await onClickHouse('DAY', 'Asia/Tokyo', 'at', 'at')).not.toEqual(await onPostgres('DAY', 'Asia/Tokyo'));
  });
});

const SUB_SECOND: readonly TimeFrame[] = ['RAW', 'MILLISECOND'];

function truncatedToSecond(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\.\d{3}Z$/, '.000Z') : value;
}

/** The `v` column as served, instants as ISO text and numbers as numbers, so engines compare as equals. */
function served(result: { rows: ReadonlyArray<Record<string, unknown>> }): unknown[] {
  return result.rows.map(({ v }) => {
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'bigint') return Number(v);
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return new Date(v.length === 10 ? `${v}T00:00:00Z` : v).toISOString();
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    return v;
  });
}
