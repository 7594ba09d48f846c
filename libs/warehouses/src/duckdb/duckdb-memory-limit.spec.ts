import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';

import { collect, failureOf, temporaryDirectory } from '../testing/live-fixtures';
import { DuckDbAdapter } from './duckdb-adapter';
import { closeDuckDbInstances } from './duckdb-instances';
import { isDuckDbOutOfMemory } from './duckdb-memory-limit';

// A sort of 20,000 rows × 8 hashes fails within 4-8 MB and runs within 16 MB (DuckDB 1.5): each
// file below is opened with a different budget and ceiling (one instance per file per process).
describe('DuckDbAdapter memory limit (live DuckDB)', () => {
  const dataDir = temporaryDirectory('quarry-wh-duckdb-memory');
  const SORT = 'SELECT * FROM wide ORDER BY c0';
  const LIMIT = "SELECT current_setting('memory_limit') AS memory";
  const adapterFor = (file: string, memoryLimit: string, memoryLimitMax?: string): DuckDbAdapter =>
    new DuckDbAdapter(
      { type: 'duckdb', path: `warehouse/${file}` },
      { dataDir, folder: dataDir, duckdb: { memoryLimit, memoryLimitMax, threads: 1 } },
    );

  beforeAll(async () => {
    mkdirSync(join(dataDir, 'warehouse'));
    const hashes = Array.from({ length: 8 }, (_, index) => `md5((i * ${index + 7})::VARCHAR) AS c${index}`).join(', ');
    for (const file of ['grows.duckdb', 'capped.duckdb', 'shared.duckdb', 'fixed.duckdb', 'cut.duckdb']) {
      const writer = await DuckDBInstance.create(join(dataDir, 'warehouse', file));
      const connection = await writer.connect();
      await connection.run(`CREATE TABLE wide AS SELECT i, ${hashes} FROM range(20000) AS r(i)`);
      connection.closeSync();
      writer.closeSync();
    }
  });

  afterAll(async () => {
    await closeDuckDbInstances();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a query that outgrows the budget with more memory, then falls back to the budget', async () => {
    const adapter = adapterFor('grows.duckdb', '4MB', '64MB');
    const { rows } = await adapter.runQuery(SORT);
    expect(rows).toHaveLength(20_000);
    expect(rows[0]).toMatchObject({ c0: expect.stringMatching(/^0/) });
    const streamed = (await collect(adapter.streamQuery(SORT, [], { batchSize: 5_000 }))).flat();
    expect(streamed).toHaveLength(20_000);
    expect(streamed.map((row) => row['c0'])).toEqual(rows.map((row) => row['c0']));
    expect((await adapter.runQuery(LIMIT)).rows).toEqual([{ memory: '3.8 MiB' }]);
  });

  it('stops at the ceiling with DuckDB’s error, naming the setting that would let it run', async () => {
    const adapter = adapterFor('capped.duckdb', '4MB', '8MB');
    for (const failing of [() => adapter.runQuery(SORT), () => collect(adapter.streamQuery(SORT))]) {
      const failure = await failureOf(failing);
      expect(failure.name).toBe('WarehouseQueryError');
      expect(isDuckDbOutOfMemory(new Error(failure.message))).toBe(true);
      expect(failure.message).toMatch(
        /^Out of Memory Error: .* — the query needs more memory than the embedded DuckDB may use \(8MB, DUCKDB_MEMORY_LIMIT_MAX\)$/,
      );
      expect(failure.message).not.toMatch(/SET memory_limit/);
    }
    expect((await adapter.runQuery(LIMIT)).rows).toEqual([{ memory: '3.8 MiB' }]);
  });

  it('lets queries that need more at the same time share the raised limit', async () => {
    const adapter = adapterFor('shared.duckdb', '8MB', '64MB');
    const results = await Promise.all([1, 2, 3].map(() => collect(adapter.streamQuery(SORT, [], { batchSize: 2_000 }))));
    for (const batches of results) expect(batches.flat()).toHaveLength(20_000);
    expect((await adapter.runQuery(LIMIT)).rows).toEqual([{ memory: '7.6 MiB' }]);
  });

  it('gives back a streamed query’s memory as soon as its reader stops, not when V8 collects the result', async () => {
    // 16MB runs one sort; a sort still held by the first, cut stream leaves the second too little.
    const adapter = adapterFor('cut.duckdb', '16MB');
    for (let round = 0; round < 3; round += 1) {
      for await (const batch of adapter.streamQuery(SORT, [], { batchSize: 100 })) {
        expect(batch).toHaveLength(100);
        break;
      }
    }
    expect((await collect(adapter.streamQuery(SORT))).flat()).toHaveLength(20_000);
  });

  it('leaves a budget without a ceiling fixed', async () => {
    const failure = await failureOf(adapterFor('fixed.duckdb', '4MB').runQuery(SORT));
    expect(failure.message).toMatch(/^Out of Memory Error.*\(4MB, DUCKDB_MEMORY_LIMIT_MAX\)$/);
  });
});
