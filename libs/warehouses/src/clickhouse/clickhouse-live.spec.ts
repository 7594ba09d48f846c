import { type ChdbHttpServer, JAFFLE_CLICKHOUSE_DATABASE, loadJaffleClickHouse, startChdbHttpServer } from '@quarry/testing';

import type { ClickhouseConnectionConfig } from '../connections/clickhouse-connection';
import { EXPECTED_ROW } from '../testing/expected-row-values';
import { collect, failureOf } from '../testing/live-fixtures';
import { ClickHouseAdapter } from './clickhouse-adapter';

// Every type the adapter maps, written so ClickHouse stores the values of EXPECTED_ROW.
const EVERY_TYPE_SQL = `SELECT
  CAST(42 AS Int32) AS int_value,
  CAST(9007199254740993 AS Int64) AS big_int,
  CAST(-9007199254740991 AS Int64) AS safe_big_int,
  CAST(12.50 AS Decimal(10, 2)) AS decimal_value,
  toDecimal128('12345678901234567890.12', 2) AS wide_decimal,
  CAST(0.1 AS Decimal(10, 1)) AS tenth,
  CAST(1.5 AS Float64) AS double_value,
  CAST(1.1 AS Float32) AS real_value,
  CAST(nan AS Float64) AS nan_value,
  CAST(-inf AS Float64) AS negative_infinity,
  true AS true_value,
  CAST(false AS Nullable(Bool)) AS false_value,
  toDate('2018-01-01') AS date_value,
  toDate32('1900-03-04') AS ancient_date,
  toDateTime64('2018-01-01 12:34:56.789', 3, 'UTC') AS timestamp_value,
  toDateTime64('2018-06-01 12:34:56.789', 3, 'Europe/Paris') AS zoned_value,
  'héllo ✓' AS text_value,
  CAST(NULL AS Nullable(String)) AS null_text,
  CAST(NULL AS Nullable(Date)) AS null_date,
  CAST(NULL AS Nullable(Int32)) AS null_number`;

/**
 * The ClickHouse adapter, unchanged, against a real ClickHouse (chDB 26.x embedded, behind its
 * HTTP interface in a child process: libs/testing/src/chdb), with the jaffle fixture loaded.
 */
describe('ClickHouseAdapter on a live ClickHouse (chDB)', () => {
  let server: ChdbHttpServer;
  const adapters: ClickHouseAdapter[] = [];

  beforeAll(async () => {
    server = await startChdbHttpServer();
    await loadJaffleClickHouse(server);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(adapters.map((adapter) => adapter.close()));
    await server?.close();
  });

  function adapter(overrides: Partial<ClickhouseConnectionConfig> = {}): ClickHouseAdapter {
    const created = new ClickHouseAdapter({
      type: 'clickhouse',
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
      schema: JAFFLE_CLICKHOUSE_DATABASE,
      ...overrides,
    });
    adapters.push(created);
    return created;
  }

  describe('connection', () => {
    it('connects to an existing database and names the failing step otherwise', async () => {
      await expect(adapter().testConnection()).resolves.toBeUndefined();
      expect((await failureOf(adapter({ schema: 'nope' }).testConnection())).data['step']).toBe('schema');
      expect((await failureOf(adapter({ password: 'wrong' }).testConnection())).data['step']).toBe('authenticate');
    });
  });

  describe('values', () => {
    it('returns every mapped type normalised as every adapter does', async () => {
      const result = await adapter().runQuery(EVERY_TYPE_SQL);
      expect(result.rows).toEqual([{ ...EXPECTED_ROW, ancient_date: '1900-03-04T00:00:00.000Z' }]);
      expect(result.fields).toMatchObject({
        int_value: { type: 'number' },
        wide_decimal: { type: 'number' },
        true_value: { type: 'boolean' },
        false_value: { type: 'boolean' },
        date_value: { type: 'date' },
        ancient_date: { type: 'date' },
        zoned_value: { type: 'timestamp' },
        text_value: { type: 'string' },
      });
    });

    it('serves the same timestamps whatever the session time zone', async () => {
      const sql = "SELECT toDateTime64('2018-06-01 12:34:56.789', 3, 'UTC') AS at, toDate('2018-06-01') AS day";
      const expected = [{ at: '2018-06-01T12:34:56.789Z', day: '2018-06-01T00:00:00.000Z' }];
      expect((await adapter().runQuery(sql, [], { timezone: 'Asia/Tokyo' })).rows).toEqual(expected);
      expect((await adapter().runQuery(sql, [], { timezone: 'America/Los_Angeles' })).rows).toEqual(expected);
    });

    it('binds parameters as values, never as SQL', async () => {
      const hostile = "x'); DROP TABLE jaffle.orders; --\\\t\n";
      const { rows } = await adapter().runQuery('SELECT $1 AS text, $2 AS whole, $3 AS fraction, $4 AS flag, $5 AS nothing, $6 AS at', [
        hostile,
        -9007199254740991,
        1.25,
        true,
        null,
        new Date('2018-01-01T12:34:56.789Z'),
      ]);
      expect(rows).toEqual([
        { text: hostile, whole: -9007199254740991, fraction: 1.25, flag: true, nothing: null, at: '2018-01-01T12:34:56.789Z' },
      ]);
      expect((await adapter().runQuery('SELECT count() AS n FROM orders')).rows).toEqual([{ n: 99 }]);
    });

    it('gives NULL, not the type default, for the unmatched side of an outer join', async () => {
      const { rows } = await adapter().runQuery(
        'SELECT c.customer_id AS id, o.status AS status, o.order_id AS order_id, count(DISTINCT o.order_id) AS orders ' +
          'FROM customers AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id ' +
          'WHERE c.customer_id = (SELECT min(customer_id) FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM orders)) ' +
          'GROUP BY c.customer_id, o.status, o.order_id',
      );
      expect(rows).toEqual([{ id: expect.any(Number), status: null, order_id: null, orders: 0 }]);
    });

    it('gives NULL for an aggregate over no rows, as SQL does', async () => {
      const { rows } = await adapter().runQuery(
        "SELECT sum(amount) AS total, avg(amount) AS mean, max(order_date) AS latest, count() AS n FROM orders WHERE status = 'none'",
      );
      expect(rows).toEqual([{ total: null, mean: null, latest: null, n: 0 }]);
    });

    it('serves Bool columns and values as booleans', async () => {
      const { fields, rows } = await adapter().runQuery(
        'SELECT toBool(1 = 1) AS yes, is_completed FROM orders WHERE NOT is_completed ORDER BY order_id LIMIT 1',
      );
      expect(rows).toEqual([{ yes: true, is_completed: false }]);
      expect(fields).toEqual({ yes: { type: 'boolean' }, is_completed: { type: 'boolean' } });
      // A comparison is UInt8 on ClickHouse: a number here; a boolean field serves it as true/false (createRawConverter).
      expect((await adapter().runQuery('SELECT 1 = 1 AS compared')).rows).toEqual([{ compared: 1 }]);
    });
  });

  describe('streaming, cancelling, failing', () => {
    it('streams a large result in batches of the requested size', async () => {
      const batches = await collect(adapter().streamQuery('SELECT number AS n FROM numbers(250000)', [], { batchSize: 100_000 }));
      expect(batches.map((batch) => batch.length)).toEqual([100_000, 100_000, 50_000]);
      expect(batches[2]?.at(-1)).toEqual({ n: 249_999 });
    }, 60_000);

    it('stops a streaming query when the signal aborts, and the server answers the next one', async () => {
      const controller = new AbortController();
      const seen: number[] = [];
      const failure = await failureOf(async () => {
        for await (const batch of adapter().streamQuery('SELECT number AS n FROM numbers(100000000)', [], {
          batchSize: 1000,
          signal: controller.signal,
        })) {
          seen.push(batch.length);
          controller.abort();
        }
      });
      expect(failure).toMatchObject({ name: 'WarehouseQueryError', data: { reason: 'cancelled' } });
      // Rows already received are served; the query itself stops long before its 100 million rows.
      expect(seen.length).toBeLessThan(1000);
      expect((await adapter().runQuery('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    }, 30_000);

    it('reports a server error with its code, before or in the middle of the stream', async () => {
      expect(await failureOf(adapter().runQuery('SELECT nosuch FROM orders'))).toMatchObject({
        name: 'WarehouseQueryError',
        data: { code: '47', type: 'UNKNOWN_IDENTIFIER' },
      });
      const midway = await failureOf(
        collect(adapter().streamQuery('SELECT throwIf(number = 200000) AS n FROM numbers(400000)', [], { batchSize: 1000 })),
      );
      expect(midway).toMatchObject({ name: 'WarehouseQueryError', data: { code: '395', type: 'FUNCTION_THROW_IF_VALUE_IS_NON_ZERO' } });
    }, 30_000);

    it('runs one statement per query', async () => {
      expect(await failureOf(adapter().runQuery('SELECT 1; DROP TABLE orders'))).toMatchObject({
        name: 'WarehouseQueryError',
        data: { code: '62' },
      });
      expect((await adapter().runQuery('SELECT count() AS n FROM orders')).rows).toEqual([{ n: 99 }]);
    });

    it('stops a query past its timeout', async () => {
      const failure = await failureOf(adapter().runQuery('SELECT count() FROM numbers(10000000000000)', [], { timeoutMs: 1000 }));
      expect(failure).toMatchObject({
        name: 'WarehouseQueryError',
        message: expect.stringMatching(/did not finish within 1000 ms|TIMEOUT_EXCEEDED/),
      });
      expect((await adapter().runQuery('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });
  });

  describe('catalog', () => {
    it('lists the fixture tables as two-part names and reads their column types', async () => {
      const tables = await adapter().listTables();
      expect(tables).toContainEqual({ database: '', schema: 'jaffle', table: 'orders' });
      expect(tables.every((table) => table.schema === 'jaffle')).toBe(true);
      const catalog = await adapter().getCatalog([{ database: '', schema: 'jaffle', table: 'orders' }]);
      expect(catalog['']?.['jaffle']?.['orders']).toMatchObject({
        order_id: 'number',
        order_date: 'date',
        status: 'string',
        is_completed: 'boolean',
      });
    });
  });
});
