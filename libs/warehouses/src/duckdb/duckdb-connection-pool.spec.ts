import { DuckDBInstance, type DuckDBMaterializedResult } from '@duckdb/node-api';

import { DuckDbConnectionPool, type PooledRunOptions } from './duckdb-connection-pool';

const rows = async (result: DuckDBMaterializedResult) => (await result.getRowObjectsJson()) as Array<Record<string, unknown>>;

function options(timezone?: string): PooledRunOptions & { interrupt?: () => void } {
  const watched: PooledRunOptions & { interrupt?: () => void } = {
    timezone,
    onStop: (interrupt) => {
      watched.interrupt = interrupt;
    },
    stopped: () => false,
  };
  return watched;
}

describe('DuckDbConnectionPool', () => {
  let instance: DuckDBInstance;
  let pool: DuckDbConnectionPool;
  let connects: number;

  beforeEach(async () => {
    instance = await DuckDBInstance.create(':memory:');
    const setup = await instance.connect();
    await setup.run("SET GLOBAL TimeZone = 'UTC'");
    setup.closeSync();
    connects = 0;
    const connect = instance.connect.bind(instance);
    instance.connect = async () => {
      connects += 1;
      return connect();
    };
    pool = new DuckDbConnectionPool(instance);
  });

  afterEach(() => {
    pool.close();
    instance.closeSync();
  });

  it('reuses a connection and its prepared SELECT, binding new values each time', async () => {
    const sql = 'SELECT $1::INTEGER * 2 AS n';
    await expect(pool.run(sql, [1], options(), rows)).resolves.toEqual([{ n: 2 }]);
    await expect(pool.run(sql, [21], options(), rows)).resolves.toEqual([{ n: 42 }]);
    await expect(pool.run('SELECT 7 AS n', undefined, options(), rows)).resolves.toEqual([{ n: 7 }]);
    expect(connects).toBe(1);
  });

  it('opens another connection for a query that runs while one is busy', async () => {
    const slow = pool.run('SELECT count(*)::BIGINT::VARCHAR AS n FROM range(20000000)', undefined, options(), rows);
    await expect(pool.run('SELECT 1 AS n', undefined, options(), rows)).resolves.toEqual([{ n: 1 }]);
    await expect(slow).resolves.toEqual([{ n: '20000000' }]);
    expect(connects).toBe(2);
  });

  it('plans a statement in each zone it runs in: constants folded in one zone never answer another', async () => {
    const hour = "SELECT hour(TIMESTAMPTZ '2018-01-01 12:00:00+00')::INTEGER AS h";
    await expect(pool.run(hour, undefined, options(), rows)).resolves.toEqual([{ h: 12 }]);
    await expect(pool.run(hour, undefined, options('Asia/Tokyo'), rows)).resolves.toEqual([{ h: 21 }]);
    await expect(pool.run(hour, undefined, options(), rows)).resolves.toEqual([{ h: 12 }]);
    await expect(pool.run(hour, undefined, options('America/New_York'), rows)).resolves.toEqual([{ h: 7 }]);
    expect(connects).toBe(1);
  });

  it('never reuses a connection after a statement that is not a SELECT: no session state reaches the next query', async () => {
    await pool.run('CREATE TEMP TABLE leaked AS SELECT 1 AS n', undefined, options(), rows);
    await expect(pool.run('SELECT * FROM leaked', undefined, options(), rows)).rejects.toThrow(/leaked/);
    await pool.run("SET VARIABLE secret = 'x'", undefined, options(), rows);
    await expect(pool.run("SELECT getvariable('secret') AS v", undefined, options(), rows)).resolves.toEqual([{ v: null }]);
  });

  it('refuses more than one statement, and closes a connection whose query failed or was stopped', async () => {
    await expect(pool.run('SELECT 1; SELECT 2', undefined, options(), rows)).rejects.toThrow(/exactly one SQL statement; this one has 2/);
    await expect(pool.run('SELECT * FROM missing_table', undefined, options(), rows)).rejects.toThrow(/missing_table/);
    const stopped = { ...options(), stopped: () => true };
    await pool.run('SELECT 1 AS n', undefined, stopped, rows);
    await pool.run('SELECT 1 AS n', undefined, options(), rows);
    // Each of the four ran on a connection of its own: none was handed back.
    expect(connects).toBe(4);
  });

  it('takes back the interrupt once the query has ended, so a late stop cannot reach the next query on the connection', async () => {
    const first = options();
    await pool.run('SELECT 1 AS n', undefined, first, rows);
    first.interrupt?.();
    await expect(pool.run('SELECT count(*)::INTEGER AS n FROM range(3000000)', undefined, options(), rows)).resolves.toEqual([
      { n: 3000000 },
    ]);
    expect(connects).toBe(1);
  });
});
