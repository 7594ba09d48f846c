import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { RollupDuckDb } from './rollup-duckdb';

describe('RollupDuckDb', () => {
  let root: string;
  let outside: string;
  let duckdb: RollupDuckDb;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'rollup-duckdb-'));
    outside = mkdtempSync(join(tmpdir(), 'rollup-outside-'));
    duckdb = new RollupDuckDb({ rootDirectory: join(root, 'rollups'), tempDirectory: join(root, 'tmp') });
  });
  afterAll(() => {
    duckdb.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('writes typed JSON lines to Parquet and reads them back normalised like a warehouse row', async () => {
    const json = join(root, 'rollups', 'rows.jsonl');
    const parquet = join(root, 'rollups', 'rows.parquet');
    await duckdb.runQuery('SELECT 1'); // opens the instance (and creates the root)
    writeFileSync(
      json,
      [
        { status: 'placed', day: '2018-01-01', at: '2018-01-01 12:34:56.789', total: '12345678901234567890.12', orders: 3, ok: true },
        { status: null, day: null, at: null, total: 0.5, orders: 9007199254740993n.toString(), ok: null },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n'),
    );
    const columns = [
      { name: 'status', type: 'VARCHAR' },
      { name: 'day', type: 'DATE' },
      { name: 'at', type: 'TIMESTAMP' },
      { name: 'total', type: 'DECIMAL(38,2)' },
      { name: 'orders', type: 'BIGINT' },
      { name: 'ok', type: 'BOOLEAN' },
    ];
    await expect(duckdb.jsonLinesToParquet(json, columns, parquet)).resolves.toBe(2);
    const { rows, fields } = await duckdb.runQuery(`SELECT * FROM read_parquet('${parquet}') ORDER BY status NULLS LAST`);
    expect(rows).toEqual([
      {
        status: 'placed',
        day: '2018-01-01T00:00:00.000Z',
        at: '2018-01-01T12:34:56.789Z',
        total: '12345678901234567890.12',
        orders: 3,
        ok: true,
      },
      { status: null, day: null, at: null, total: 0.5, orders: '9007199254740993', ok: null },
    ]);
    expect(fields).toMatchObject({ day: { type: 'date' }, at: { type: 'timestamp' }, total: { type: 'number' } });
  });

  it('binds values and refuses files outside its root and more than one statement', async () => {
    await expect(duckdb.runQuery('SELECT $1::INTEGER + 1 AS n', [41])).resolves.toMatchObject({ rows: [{ n: 42 }] });
    writeFileSync(join(outside, 'secret.csv'), 'a\n1\n');
    await expect(duckdb.runQuery(`SELECT * FROM read_csv('${join(outside, 'secret.csv')}')`)).rejects.toThrow(
      /Permission|disabled|not allowed/i,
    );
    await expect(duckdb.runQuery('SELECT 1; SELECT 2')).rejects.toThrow(/exactly one SQL statement/);
  });

  it('runs sessions in UTC unless the query names another zone', async () => {
    const hour = "SELECT hour(TIMESTAMPTZ '2018-01-01 12:00:00+00') AS h";
    await expect(duckdb.runQuery(hour)).resolves.toMatchObject({ rows: [{ h: 12 }] });
    await expect(duckdb.runQuery(hour, [], { timezone: 'Asia/Tokyo' })).resolves.toMatchObject({ rows: [{ h: 21 }] });
    await expect(duckdb.runQuery(hour, [], { timezone: 'UTC' })).resolves.toMatchObject({ rows: [{ h: 12 }] });
  });
});
