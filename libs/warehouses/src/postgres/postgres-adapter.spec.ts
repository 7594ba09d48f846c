import { createTestDatabase, onTestServer, type TestDatabase, waitFor } from '@quarry/testing';
import { Client } from 'pg';

import { collect, failureOf, postgresConfigFor, unusedPort } from '../testing/live-fixtures';
import { PostgresAdapter } from './postgres-adapter';

// Live tests against the PostgreSQL on 127.0.0.1:5432 (trust auth), in a database of their own.
describe('PostgresAdapter (live PostgreSQL)', () => {
  let database: TestDatabase;
  let adapter: PostgresAdapter;
  const adapters: PostgresAdapter[] = [];

  const open = (overrides: Parameters<typeof postgresConfigFor>[1] = {}): PostgresAdapter => {
    const opened = new PostgresAdapter(postgresConfigFor(database.url, overrides));
    adapters.push(opened);
    return opened;
  };

  // Roles are cluster-wide: named after this run's database, dropped with it.
  const readerRole = (): string => `${database.name}_reader`;

  const admin = async (sql: string): Promise<void> => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('quarry_wh_pg');
    await admin(`
      CREATE SCHEMA analytics;
      CREATE TABLE analytics.orders (
        id integer PRIMARY KEY, customer text, amount numeric(10,2), quantity bigint, weight double precision,
        shipped boolean, order_date date, created_at timestamp, paid_at timestamptz, note varchar(40), tags text[]
      );
      INSERT INTO analytics.orders VALUES
        (1, 'O''Brien', 12.50, 9007199254740993, 1.5, true, '2018-01-01', '2018-01-01 10:00:00', '2018-01-01 10:00:00+00', 'first', '{a,b}'),
        (2, 'Zoë', 7.25, 2, 2.25, false, '2018-01-02', '2018-01-02 11:30:00.123456', '2018-01-02 11:30:00+02', NULL, NULL);
      CREATE VIEW analytics.order_totals AS SELECT customer, sum(amount) AS total FROM analytics.orders GROUP BY customer;
      CREATE MATERIALIZED VIEW analytics."Order_Counts" AS SELECT count(*) AS orders FROM analytics.orders;
      CREATE TABLE public.injection_target (id int);
    `);
    adapter = open({ schema: 'analytics' });
  });

  afterAll(async () => {
    await Promise.all(adapters.map((opened) => opened.close()));
    await database?.drop();
    await onTestServer(`DROP ROLE IF EXISTS ${readerRole()}`);
  });

  describe('testConnection', () => {
    it('succeeds with valid settings', async () => {
      await expect(adapter.testConnection()).resolves.toBeUndefined();
    });

    it('reports a port where nothing listens as the connect step', async () => {
      const failure = await failureOf(open({ port: await unusedPort() }).testConnection());
      expect(failure).toMatchObject({ name: 'WarehouseConnectionError', data: { step: 'connect' } });
    });

    it('reports a host name that does not resolve as the resolve-host step', async () => {
      const failure = await failureOf(open({ host: 'no-such-host.invalid' }).testConnection());
      expect(failure.data['step']).toBe('resolve-host');
    });

    it('reports an unknown login role as the authenticate step', async () => {
      const failure = await failureOf(open({ user: 'no_such_login_role' }).testConnection());
      expect(failure.data).toMatchObject({ step: 'authenticate', code: '28000' });
      expect(failure.message).toContain('no_such_login_role');
    });

    it('reports an unknown database as the database step', async () => {
      const failure = await failureOf(open({ dbname: `${database.name}_missing` }).testConnection());
      expect(failure.data).toMatchObject({ step: 'database', code: '3D000' });
    });

    it('reports a missing schema as the schema step', async () => {
      const failure = await failureOf(open({ schema: 'no_such_schema' }).testConnection());
      expect(failure.data['step']).toBe('schema');
      expect(failure.message).toContain('no_such_schema');
    });

    it('reports a role that cannot be assumed as the role step', async () => {
      const failure = await failureOf(open({ role: 'no_such_role' }).testConnection());
      expect(failure.data['step']).toBe('role');
    });

    it('reports sslmode=require against a server without TLS as the tls step, and falls back with prefer', async () => {
      expect((await failureOf(open({ sslmode: 'require' }).testConnection())).data['step']).toBe('tls');
      await expect(open({ sslmode: 'prefer' }).testConnection()).resolves.toBeUndefined();
    });

    it('rejects SSH tunnels with the ssh-tunnel step (ssh2 is not installed)', async () => {
      const failure = await failureOf(open({ useSshTunnel: true, sshTunnelHost: 'bastion' }).testConnection());
      expect(failure.data['step']).toBe('ssh-tunnel');
      expect(failure.message).toMatch(/not supported/);
    });

    it('names the field of an invalid sslmode', async () => {
      const failure = await failureOf(open({ sslmode: 'sometimes' as never }).testConnection());
      expect(failure.data).toMatchObject({ step: 'configuration', field: 'sslmode' });
    });
  });

  describe('bound parameters', () => {
    const hostile = [
      "'; DROP TABLE public.injection_target; --",
      'quote \' and "double"',
      "back\\slash \\' end",
      'unicode ✓ Zoë 🎉',
      '$1 $$ $tag$',
    ];

    it.each(hostile)('keeps %j a value', async (value) => {
      const { rows } = await adapter.runQuery('SELECT $1::text AS value, length($1::text) AS length', [value]);
      expect(rows).toEqual([{ value, length: [...value].length }]);
      const still = await adapter.runQuery("SELECT to_regclass('public.injection_target') IS NOT NULL AS present");
      expect(still.rows).toEqual([{ present: true }]);
    });

    it('matches rows by bound values, a repeated placeholder, dates and nulls', async () => {
      const { rows } = await adapter.runQuery(
        'SELECT id FROM analytics.orders WHERE (customer = $1 OR customer = $2) AND order_date >= $3 AND ($4::text IS NULL OR note = $4) ORDER BY id',
        ["O'Brien", 'Zoë', new Date('2018-01-01T00:00:00Z'), null],
      );
      expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
    });

    it('refuses objects as values before anything reaches the server', async () => {
      const failure = await failureOf(adapter.runQuery('SELECT $1::text', [{ toString: () => 'x' }]));
      expect(failure).toMatchObject({ name: 'WarehouseQueryError', data: { parameter: 1 } });
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
        note: { type: 'string' },
        tags: { type: 'string' },
      });
      expect(result.rows[1]).toEqual({
        id: 2,
        customer: 'Zoë',
        amount: 7.25,
        quantity: 2,
        weight: 2.25,
        shipped: false,
        order_date: '2018-01-02T00:00:00.000Z',
        created_at: '2018-01-02T11:30:00.123Z',
        paid_at: '2018-01-02T09:30:00.000Z',
        note: null,
        tags: null,
      });
      expect(result.rows[0]?.['quantity']).toBe('9007199254740993');
      expect(result.rows[0]?.['tags']).toEqual(['a', 'b']);
    });

    it('reports a failing statement as a WarehouseQueryError with its SQLSTATE', async () => {
      const failure = await failureOf(adapter.runQuery('SELECT * FROM analytics.no_such_table'));
      expect(failure).toMatchObject({ name: 'WarehouseQueryError', data: { code: '42P01' } });
      expect(failure.message).toContain('no_such_table');
    });

    it('sets the session time zone for one query only', async () => {
      const single = open({ threads: 1 });
      const zoned = await single.runQuery(
        "SELECT current_setting('TimeZone') AS zone, date_trunc('day', timestamptz '2018-01-01 03:00:00+00') AS day",
        [],
        {
          timezone: 'America/New_York',
        },
      );
      expect(zoned.rows).toEqual([{ zone: 'America/New_York', day: '2017-12-31T05:00:00.000Z' }]);
      const next = await single.runQuery("SELECT current_setting('TimeZone') AS zone");
      expect(next.rows[0]?.['zone']).not.toBe('America/New_York');
    });

    it('applies searchPath and role from the connection', async () => {
      await admin(
        `CREATE ROLE ${readerRole()} NOLOGIN; GRANT USAGE ON SCHEMA analytics TO ${readerRole()}; GRANT SELECT ON analytics.orders TO ${readerRole()};`,
      );
      const scoped = open({ searchPath: 'analytics', role: readerRole() });
      const { rows } = await scoped.runQuery('SELECT current_user AS who, count(*)::int AS orders FROM orders');
      expect(rows).toEqual([{ who: readerRole(), orders: 2 }]);
    });

    it('enforces timeoutSeconds as the statement timeout', async () => {
      const failure = await failureOf(open({ timeoutSeconds: 0.2 }).runQuery('SELECT pg_sleep(2)'));
      expect(failure).toMatchObject({ name: 'WarehouseQueryError', data: { code: '57014' } });
    });
  });

  describe('cancellation', () => {
    /** Active statements of this database whose text starts with `prefix` (this probe's own text does not). */
    const runningQueries = async (prefix: string): Promise<number> => {
      const { rows } = await adapter.runQuery(
        "SELECT count(*)::int AS running FROM pg_stat_activity WHERE datname = current_database() AND query LIKE $1 AND state = 'active'",
        [`${prefix}%`],
      );
      return rows[0]?.['running'] as number;
    };
    const runningSleeps = () => runningQueries('SELECT pg_sleep(30)');
    // Aborts once the server shows the statement running: the cancellation then reaches a query at work, however loaded the machine.
    const abortWhenRunning = async (controller: AbortController, prefix: string, ready = () => true) => {
      await waitFor(`"${prefix}" to run`, async () => (ready() && (await runningQueries(prefix)) > 0 ? true : undefined));
      controller.abort();
    };

    it('cancels the running query in the server when the signal aborts', async () => {
      const controller = new AbortController();
      const running = adapter.runQuery('SELECT pg_sleep(30)', [], { signal: controller.signal });
      const [failure] = await Promise.all([failureOf(running), abortWhenRunning(controller, 'SELECT pg_sleep(30)')]);
      expect(failure).toMatchObject({ name: 'WarehouseQueryError', data: { reason: 'cancelled' } });
      expect(await runningSleeps()).toBe(0);
    });

    it('stops a query that exceeds timeoutMs', async () => {
      const failure = await failureOf(adapter.runQuery('SELECT pg_sleep(30)', [], { timeoutMs: 300 }));
      expect(failure.data).toMatchObject({ reason: 'timeout', timeoutMs: 300 });
      expect(await runningSleeps()).toBe(0);
    });

    it('refuses to start when the signal is already aborted', async () => {
      const failure = await failureOf(adapter.runQuery('SELECT 1', [], { signal: AbortSignal.abort() }));
      expect(failure.data['reason']).toBe('cancelled');
    });

    it('cancels a stream while the server is producing a batch', async () => {
      const controller = new AbortController();
      const stream = adapter.streamQuery('SELECT g, pg_sleep(CASE WHEN g = 3 THEN 30 ELSE 0 END) FROM generate_series(1, 5) g', [], {
        signal: controller.signal,
        batchSize: 1,
      });
      const seen: number[] = [];
      const [failure] = await Promise.all([
        failureOf(async () => {
          for await (const batch of stream) seen.push(...batch.map((row) => row['g'] as number));
        }),
        // After rows 1 and 2, while the cursor's next FETCH runs: the server is then at work on row 3's 30 s sleep.
        abortWhenRunning(controller, 'FETCH FORWARD', () => seen.length === 2),
      ]);
      expect(failure.data['reason']).toBe('cancelled');
      expect(seen).toEqual([1, 2]);
    });
  });

  describe('streamQuery', () => {
    it('streams 200k generated rows in bounded batches', async () => {
      let fields: unknown;
      let total = 0;
      let largest = 0;
      let batches = 0;
      let sum = 0;
      for await (const batch of adapter.streamQuery('SELECT g AS n, md5(g::text) AS hash FROM generate_series(1, $1::int) g', [200_000], {
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

    it('frees the connection when the consumer stops early', async () => {
      const single = open({ threads: 1 });
      for await (const batch of single.streamQuery('SELECT g FROM generate_series(1, 100000) g', [], { batchSize: 10 })) {
        expect(batch).toHaveLength(10);
        break;
      }
      const { rows } = await single.runQuery('SELECT 42 AS answer');
      expect(rows).toEqual([{ answer: 42 }]);
    });

    it('yields the same rows as runQuery', async () => {
      const sql = 'SELECT * FROM analytics.orders ORDER BY id';
      const streamed = (await collect(adapter.streamQuery(sql))).flat();
      expect(streamed).toEqual((await adapter.runQuery(sql)).rows);
    });
  });

  describe('catalog', () => {
    it('maps native column types and finds relations whatever their case', async () => {
      const catalog = await adapter.getCatalog([
        { database: database.name, schema: 'analytics', table: 'orders' },
        { database: database.name, schema: 'ANALYTICS', table: 'ORDER_TOTALS' },
        { database: database.name, schema: 'analytics', table: 'Order_Counts' },
        { database: database.name, schema: 'analytics', table: 'missing' },
      ]);
      expect(catalog).toEqual({
        [database.name]: {
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
              note: 'string',
              tags: 'string',
            },
            Order_Counts: { orders: 'number' },
          },
          ANALYTICS: { ORDER_TOTALS: { customer: 'string', total: 'number' } },
        },
      });
    });

    it('lists tables, views and materialized views outside system schemas', async () => {
      const tables = await adapter.listTables();
      expect(tables).toEqual(
        expect.arrayContaining([
          { database: database.name, schema: 'analytics', table: 'orders' },
          { database: database.name, schema: 'analytics', table: 'order_totals' },
          { database: database.name, schema: 'analytics', table: 'Order_Counts' },
          { database: database.name, schema: 'public', table: 'injection_target' },
        ]),
      );
      expect(tables.some((table) => table.schema === 'pg_catalog' || table.schema === 'information_schema')).toBe(false);
    });
  });
});
