import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';

import { collect, failureOf, temporaryDirectory } from '../testing/live-fixtures';
import { DuckDbAdapter } from './duckdb-adapter';
import { closeDuckDbInstances, readOnlyDuckDb } from './duckdb-instances';

// Live tests against embedded DuckDB files in a temporary DATA_DIR.
describe('DuckDbAdapter (live DuckDB)', () => {
  const dataDir = temporaryDirectory('quarry-wh-duckdb');
  const outside = temporaryDirectory('quarry-wh-outside');
  const adapterFor = (path: string): DuckDbAdapter => new DuckDbAdapter({ type: 'duckdb', path }, { dataDir, folder: dataDir });
  let adapter: DuckDbAdapter;

  beforeAll(async () => {
    // Generated first by a writer, as the demo data is; the adapter then only reads.
    mkdirSync(join(dataDir, 'warehouse'));
    const writer = await DuckDBInstance.create(join(dataDir, 'warehouse', 'shop.duckdb'));
    const connection = await writer.connect();
    await connection.run(`
      CREATE SCHEMA analytics;
      CREATE TABLE analytics.orders (
        id INTEGER, customer VARCHAR, amount DECIMAL(10,2), quantity BIGINT, weight DOUBLE, shipped BOOLEAN,
        order_date DATE, created_at TIMESTAMP, paid_at TIMESTAMPTZ, tags VARCHAR[]
      );
      INSERT INTO analytics.orders VALUES
        (1, 'O''Brien', 12.50, 9007199254740993, 1.5, true, '2018-01-01', '2018-01-01 10:00:00', '2018-01-01 10:00:00+00', ['a', 'b']),
        (2, 'Zoë', 7.25, 2, 2.25, false, '2018-01-02', '2018-01-02 11:30:00.123456', '2018-01-02 11:30:00+02', NULL);
      CREATE VIEW analytics.order_totals AS SELECT customer, sum(amount) AS total FROM analytics.orders GROUP BY customer;
      CREATE TABLE main.injection_target (id INTEGER);
    `);
    connection.closeSync();
    writer.closeSync();
    writeFileSync(join(outside, 'secret.duckdb'), 'not for you');
    symlinkSync(join(outside, 'secret.duckdb'), join(dataDir, 'escape.duckdb'));
    writeFileSync(join(dataDir, 'people.csv'), 'name\nann\n');
    adapter = adapterFor('warehouse/shop.duckdb');
  });

  afterAll(async () => {
    await closeDuckDbInstances();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  describe('the path and testConnection', () => {
    it('opens a file inside DATA_DIR, relative or absolute', async () => {
      await expect(adapter.testConnection()).resolves.toBeUndefined();
      await expect(adapterFor(join(dataDir, 'warehouse', 'shop.duckdb')).testConnection()).resolves.toBeUndefined();
    });

    it.each([
      ['a parent-directory escape', '../outside.duckdb'],
      ['a deeper escape', 'warehouse/../../outside.duckdb'],
      ['an absolute path elsewhere', '/etc/passwd'],
      ['an in-memory database', ':memory:'],
      ['an empty path', ''],
    ])('rejects %s naming the path field', async (_, path) => {
      const failure = await failureOf(adapterFor(path).testConnection());
      expect(failure).toMatchObject({ name: 'WarehouseConnectionError', data: { step: 'configuration', field: 'path' } });
      expect(failure.message).not.toContain(dataDir);
    });

    it('rejects a symbolic link that leads outside DATA_DIR', async () => {
      const failure = await failureOf(adapterFor('escape.duckdb').testConnection());
      expect(failure.data).toMatchObject({ step: 'configuration', field: 'path' });
      expect(failure.message).toMatch(/symbolic link/);
    });

    it("opens only files of its own organization's folder, whatever the spelling, never printing DATA_DIR", async () => {
      const own = join(dataDir, 'organizations', 'own');
      mkdirSync(own, { recursive: true });
      symlinkSync(join(dataDir, 'warehouse', 'shop.duckdb'), join(own, 'linked.duckdb'));
      const inOwn = (path: string) => new DuckDbAdapter({ type: 'duckdb', path }, { dataDir, folder: own });
      for (const path of [
        'warehouse/shop.duckdb',
        '../../warehouse/shop.duckdb',
        join(dataDir, 'warehouse', 'shop.duckdb'),
        'linked.duckdb',
      ]) {
        const failure = await failureOf(inOwn(path).testConnection());
        expect(failure).toMatchObject({ name: 'WarehouseConnectionError', data: { field: 'path' } });
        expect(failure.message).not.toContain(dataDir);
      }
    });

    it('reports a missing file as the database step without creating it', async () => {
      const failure = await failureOf(adapterFor('warehouse/missing.duckdb').testConnection());
      expect(failure.data).toMatchObject({ step: 'database', field: 'path' });
      expect(existsSync(join(dataDir, 'warehouse', 'missing.duckdb'))).toBe(false);
    });

    it('reports a file that is not a DuckDB database as the database step', async () => {
      const failure = await failureOf(adapterFor('people.csv').testConnection());
      expect(failure.data).toMatchObject({ step: 'database', field: 'path' });
    });

    it('shares one instance per file in the process', async () => {
      const realPath = join(dataDir, 'warehouse', 'shop.duckdb');
      const limits = { tempDirectory: join(dataDir, 'tmp') };
      expect((await readOnlyDuckDb(realPath, limits)).instance).toBe((await readOnlyDuckDb(realPath, limits)).instance);
    });

    it('opens a file within the process limits, spilling in its own folder of DATA_DIR/tmp/duckdb', async () => {
      const writer = await DuckDBInstance.create(join(dataDir, 'warehouse', 'limited.duckdb'));
      writer.closeSync();
      const limited = new DuckDbAdapter(
        { type: 'duckdb', path: 'warehouse/limited.duckdb' },
        { dataDir, folder: dataDir, duckdb: { memoryLimit: '64MB', threads: 1 } },
      );
      const { rows } = await limited.runQuery(
        "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads, current_setting('temp_directory') AS temp",
      );
      // One spill folder per file: DuckDB lets SQL read its temp directory, and files belong to one organization.
      expect(rows).toEqual([
        {
          memory: expect.stringMatching(/^6[0-4](\.\d+)? MiB$/),
          threads: 1,
          temp: expect.stringMatching(new RegExp(`^${join(dataDir, 'tmp', 'duckdb')}/[0-9a-f]{16}$`)),
        },
      ]);
      expect(existsSync(String(rows[0]?.['temp']))).toBe(true);
      await closeDuckDbInstances(join(dataDir, 'warehouse', 'limited.duckdb'));
    });
  });

  describe('confinement', () => {
    const noFiles = /file system operations are disabled by configuration/;
    const readOnly = /read-only mode/;
    it.each([
      ["read_csv('/etc/passwd')", "SELECT * FROM read_csv('/etc/passwd')", noFiles],
      ['reading a file inside DATA_DIR', `SELECT * FROM read_csv('${join(dataDir, 'people.csv')}')`, noFiles],
      ['COPY … TO', `COPY analytics.orders TO '${join(dataDir, 'out.csv')}'`, noFiles],
      ['ATTACH', `ATTACH '${join(dataDir, 'other.duckdb')}' AS other`, noFiles],
      ['re-enabling external access', 'SET enable_external_access = true', /Cannot enable external access/],
      ['writing', 'CREATE TABLE analytics.x (id INTEGER)', readOnly],
      ['dropping', 'DROP TABLE main.injection_target', readOnly],
      ['a second statement, even a harmless one', 'SELECT 1 AS one; SELECT 2 AS two', /exactly one SQL statement; this one has 2/],
    ])('refuses %s', async (_, sql, reason) => {
      const failure = await failureOf(adapter.runQuery(sql));
      expect(failure.name).toBe('WarehouseQueryError');
      expect(failure.message).toMatch(reason);
    });

    it('runs no statement of a list, so a setting cannot be changed behind a query (runQuery and streamQuery)', async () => {
      const threads = async () => (await adapter.runQuery("SELECT current_setting('threads') AS threads")).rows[0]?.['threads'];
      const before = await threads();
      const sneaky = `SELECT 1 AS one; SET threads = ${Number(before) + 3}`;
      expect((await failureOf(adapter.runQuery(sneaky))).message).toMatch(/exactly one SQL statement/);
      expect((await failureOf(collect(adapter.streamQuery(sneaky)))).message).toMatch(/exactly one SQL statement/);
      expect(await threads()).toBe(before);
    });
  });

  describe('bound parameters', () => {
    const hostile = [
      "'; DROP TABLE main.injection_target; --",
      'quote \' and "double"',
      "back\\slash \\' end",
      'unicode ✓ Zoë 🎉',
      '$1 $$ $tag$',
    ];

    it.each(hostile)('keeps %j a value', async (value) => {
      const { rows } = await adapter.runQuery('SELECT $1::VARCHAR AS value, length($1::VARCHAR) AS length', [value]);
      expect(rows).toEqual([{ value, length: [...value].length }]);
      const tables = await adapter.listTables();
      expect(tables).toContainEqual({ database: 'shop', schema: 'main', table: 'injection_target' });
    });

    it('matches rows by bound values, a repeated placeholder, dates and nulls', async () => {
      const { rows } = await adapter.runQuery(
        'SELECT id FROM analytics.orders WHERE (customer = $1 OR customer = $2) AND order_date >= $3 AND ($4::VARCHAR IS NULL OR customer = $4) ORDER BY id',
        ["O'Brien", 'Zoë', new Date('2018-01-01T00:00:00Z'), null],
      );
      expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
    });
  });

  describe('runQuery', () => {
    it('reports column types and normalised values', async () => {
      const result = await adapter.runQuery('SELECT * FROM analytics.orders ORDER BY id');
      expect(result.fields).toEqual({
        id: { type: 'number' },
        customer: { type: 'string' },
        amount: { type: 'number' },
        quantity: { type: 'number' },
        weight: { type: 'number' },
        shipped: { type: 'boolean' },
        order_date: { type: 'date' },
        created_at: { type: 'timestamp' },
        paid_at: { type: 'timestamp' },
        tags: { type: 'string' },
      });
      expect(result.rows).toEqual([
        {
          id: 1,
          customer: "O'Brien",
          amount: 12.5,
          quantity: '9007199254740993',
          weight: 1.5,
          shipped: true,
          order_date: '2018-01-01T00:00:00.000Z',
          created_at: '2018-01-01T10:00:00.000Z',
          paid_at: '2018-01-01T10:00:00.000Z',
          tags: ['a', 'b'],
        },
        {
          id: 2,
          customer: 'Zoë',
          amount: 7.25,
          quantity: 2,
          weight: 2.25,
          shipped: false,
          order_date: '2018-01-02T00:00:00.000Z',
          created_at: '2018-01-02T11:30:00.123Z',
          paid_at: '2018-01-02T09:30:00.000Z',
          tags: null,
        },
      ]);
    });

    it('sets the time zone for one query only', async () => {
      const zoned = await adapter.runQuery(
        "SELECT current_setting('TimeZone') AS zone, date_trunc('day', TIMESTAMPTZ '2018-01-01 03:00:00+00') AS day",
        [],
        { timezone: 'America/New_York' },
      );
      expect(zoned.rows).toEqual([{ zone: 'America/New_York', day: '2017-12-31T05:00:00.000Z' }]);
      const next = await adapter.runQuery("SELECT current_setting('TimeZone') AS zone");
      expect(next.rows[0]?.['zone']).not.toBe('America/New_York');
    });

    it('runs setup statements first on the query connection, each bound to the values it uses, after the zone is set', async () => {
      const setup = ["SET VARIABLE quarry_test = (SELECT $3 || '/' || current_setting('TimeZone'))", 'SET VARIABLE quarry_test_2 = $1'];
      const sql =
        "SELECT getvariable('quarry_test') AS first, getvariable('quarry_test_2') AS second, $2::VARCHAR || $1::VARCHAR || $3::VARCHAR AS own";
      const expected = [{ first: 'three/America/New_York', second: 'one', own: 'twoonethree' }];
      expect((await adapter.runQuery(sql, ['one', 'two', 'three'], { setup, timezone: 'America/New_York' })).rows).toEqual(expected);
      expect((await collect(adapter.streamQuery(sql, ['one', 'two', 'three'], { setup, timezone: 'America/New_York' }))).flat()).toEqual(
        expected,
      );
      // The session ended with its connection: a later query (pooled or not) does not see the values.
      expect((await adapter.runQuery("SELECT getvariable('quarry_test') AS first")).rows).toEqual([{ first: null }]);
      expect((await collect(adapter.streamQuery("SELECT getvariable('quarry_test') AS first"))).flat()).toEqual([{ first: null }]);
    });

    it('refuses a setup statement that is a list', async () => {
      const failure = await failureOf(adapter.runQuery('SELECT 1 AS one', [], { setup: ['SET VARIABLE a = 1; SET threads = 64'] }));
      expect(failure.name).toBe('WarehouseQueryError');
      expect(failure.message).toMatch(/exactly one SQL statement; this one has 2/);
    });

    it('reports an unknown time zone as a query error', async () => {
      expect((await failureOf(adapter.runQuery('SELECT 1', [], { timezone: "Nowhere/Else'; --" }))).name).toBe('WarehouseQueryError');
    });
  });

  describe('cancellation', () => {
    const bigJoin = 'SELECT count(*) AS n FROM range(1000000000) a, range(1000) b WHERE a.range + b.range = -1';

    it('interrupts a long query when the signal aborts', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const failure = await failureOf(adapter.runQuery(bigJoin, [], { signal: controller.signal }));
      expect(failure).toMatchObject({ name: 'WarehouseQueryError', data: { reason: 'cancelled' } });
    });

    it('interrupts a query that exceeds timeoutMs', async () => {
      const failure = await failureOf(adapter.runQuery(bigJoin, [], { timeoutMs: 300 }));
      expect(failure.data).toMatchObject({ reason: 'timeout', timeoutMs: 300 });
    });

    it('interrupts a stream', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const failure = await failureOf(collect(adapter.streamQuery(bigJoin, [], { signal: controller.signal })));
      expect(failure.data['reason']).toBe('cancelled');
    });
  });

  describe('streamQuery', () => {
    it('streams 200k generated rows in bounded batches', async () => {
      let fields: unknown;
      let total = 0;
      let largest = 0;
      let batches = 0;
      let sum = 0;
      for await (const batch of adapter.streamQuery('SELECT range AS n, md5(range::VARCHAR) AS hash FROM range(1, $1 + 1)', [200_000], {
        batchSize: 5000,
        onFields: (announced) => (fields = announced),
      })) {
        batches += 1;
        total += batch.length;
        largest = Math.max(largest, batch.length);
        for (const row of batch) sum += row['n'] as number;
      }
      expect(fields).toEqual({ n: { type: 'number' }, hash: { type: 'string' } });
      expect({ total, largest, batches }).toEqual({ total: 200_000, largest: 5000, batches: 40 });
      expect(sum).toBe((200_000 * 200_001) / 2);
    });

    it('announces the fields of an empty result and yields nothing', async () => {
      let fields: unknown;
      const batches = await collect(
        adapter.streamQuery('SELECT 1 AS one WHERE false', [], { onFields: (announced) => (fields = announced) }),
      );
      expect(batches).toEqual([]);
      expect(fields).toEqual({ one: { type: 'number' } });
    });

    it('stops reading when the consumer stops early', async () => {
      for await (const batch of adapter.streamQuery('SELECT range FROM range(100000000)', [], { batchSize: 10 })) {
        expect(batch).toHaveLength(10);
        break;
      }
      expect((await adapter.runQuery('SELECT 42 AS answer')).rows).toEqual([{ answer: 42 }]);
    });

    it('yields the same rows as runQuery', async () => {
      const sql = 'SELECT * FROM analytics.orders ORDER BY id';
      expect((await collect(adapter.streamQuery(sql))).flat()).toEqual((await adapter.runQuery(sql)).rows);
    });
  });

  describe('catalog', () => {
    it('maps native column types and finds relations whatever their case', async () => {
      const catalog = await adapter.getCatalog([
        { database: 'shop', schema: 'analytics', table: 'orders' },
        { database: 'SHOP', schema: 'Analytics', table: 'ORDER_TOTALS' },
        { database: 'shop', schema: 'analytics', table: 'missing' },
        { database: 'elsewhere', schema: 'analytics', table: 'orders' },
      ]);
      expect(catalog).toEqual({
        shop: {
          analytics: {
            orders: {
              id: 'number',
              customer: 'string',
              amount: 'number',
              quantity: 'number',
              weight: 'number',
              shipped: 'boolean',
              order_date: 'date',
              created_at: 'timestamp',
              paid_at: 'timestamp',
              tags: 'string',
            },
          },
        },
        SHOP: { Analytics: { ORDER_TOTALS: { customer: 'string', total: 'number' } } },
      });
    });

    it('lists tables and views', async () => {
      expect(await adapter.listTables()).toEqual([
        { database: 'shop', schema: 'analytics', table: 'order_totals' },
        { database: 'shop', schema: 'analytics', table: 'orders' },
        { database: 'shop', schema: 'main', table: 'injection_target' },
      ]);
    });
  });
});
