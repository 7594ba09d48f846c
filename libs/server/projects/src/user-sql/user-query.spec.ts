import { userQueryProblem } from './user-query';

/** Whole queries a developer types into the SQL runner, judged by each engine's own parser. */
describe('userQueryProblem', () => {
  const readOnly = [
    'SELECT 1',
    "select * from jaffle.orders where status = 'a;b';",
    'WITH a AS (SELECT 1 AS x) SELECT x FROM a',
    'SELECT 1; -- trailing comment',
  ];

  it.each(['postgres', 'redshift', 'duckdb', 'bigquery', 'snowflake'] as const)('accepts one read-only query on %s', async (engine) => {
    for (const sql of readOnly) expect({ sql, problem: await userQueryProblem(sql, engine) }).toEqual({ sql, problem: undefined });
  });

  it.each(['postgres', 'duckdb', 'trino'] as const)('refuses several statements, writes and non-queries on %s', async (engine) => {
    const refused = [
      'SELECT 1; SELECT 2',
      'DELETE FROM orders',
      'UPDATE orders SET amount = 0',
      'DROP TABLE orders',
      "COPY orders TO '/tmp/x'",
      'CREATE TABLE x AS SELECT 1',
      '',
      '   ',
    ];
    for (const sql of refused) expect({ sql, problem: await userQueryProblem(sql, engine) }).toEqual({ sql, problem: expect.any(String) });
  });

  it('finds writes PostgreSQL would run inside a SELECT: data-modifying CTEs, SELECT INTO, row locks', async () => {
    for (const sql of [
      'WITH gone AS (DELETE FROM orders RETURNING 1) SELECT * FROM gone',
      'SELECT 1 INTO pwned',
      'SELECT * FROM orders FOR UPDATE',
    ]) {
      expect({ sql, problem: await userQueryProblem(sql, 'postgres') }).toEqual({
        sql,
        problem: expect.stringContaining('must only read'),
      });
    }
  });

  it("reads DuckDB's own syntax with DuckDB's parser (FROM-first), and refuses its non-SELECT statements", async () => {
    expect(await userQueryProblem('FROM jaffle.orders LIMIT 3', 'duckdb')).toBeUndefined();
    for (const sql of ["ATTACH '/tmp/other.db'", 'PRAGMA version', 'INSTALL httpfs', 'SET enable_external_access = true']) {
      expect({ sql, problem: await userQueryProblem(sql, 'duckdb') }).toEqual({ sql, problem: expect.stringContaining('must be a query') });
    }
  });

  it('counts statements with quotes and comments read as the engine reads them', async () => {
    expect(await userQueryProblem("SELECT ';' AS a /* ; */", 'postgres')).toBeUndefined();
    expect(await userQueryProblem("SELECT ';' AS a /* ; */", 'duckdb')).toBeUndefined();
    expect(await userQueryProblem("SELECT ';' AS a /* ; */", 'snowflake')).toBeUndefined();
    expect(await userQueryProblem('SELECT $$;$$ ; SELECT 2', 'postgres')).toContain('this one has 2');
  });
});
