import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AppConfig } from '@quarry/server/config';

import { RollupEngine } from './rollup-duckdb.provider';
import { rollupProjectDirectory } from './rollup-location';

const PROJECT_A = '00000000-0000-4000-8000-00000000000a';
const PROJECT_B = '00000000-0000-4000-8000-00000000000b';

describe('RollupEngine', () => {
  let dataDir: string;
  const configOf = (threads: number, sandboxes = 8) =>
    ({
      dataDir,
      duckdb: { memoryLimit: '1GB', memoryLimitMax: '1GB', threads: 2 },
      preAggregates: { fileGraceMs: 0, threads, sandboxes },
    }) as AppConfig;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rollup-engine-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([1, 3])('runs rollup queries with PRE_AGGREGATE_THREADS threads (%i), not the warehouse DuckDB’s', async (threads) => {
    const engine = new RollupEngine(configOf(threads));
    try {
      const { rows } = await engine.runQuery(PROJECT_A, "SELECT current_setting('threads') AS threads");
      expect(Number(rows[0]?.['threads'])).toBe(threads);
    } finally {
      engine.onModuleDestroy();
    }
  });

  it("reads only the project's own rollup folder, and its errors name no DATA_DIR path", async () => {
    const engine = new RollupEngine(configOf(1, 1));
    try {
      for (const project of [PROJECT_A, PROJECT_B]) {
        const folder = join(rollupProjectDirectory(dataDir, project), 'daily');
        mkdirSync(folder, { recursive: true });
        const json = join(folder, '.rows.jsonl');
        writeFileSync(json, '{"n":1}\n{"n":2}\n');
        await expect(
          engine.jsonLinesToParquet(project, json, [{ name: 'n', type: 'BIGINT' }], join(folder, 'build.parquet')),
        ).resolves.toBe(2);
      }
      const fileOfA = join(rollupProjectDirectory(dataDir, PROJECT_A), 'daily', 'build.parquet');
      const own = await engine.runQuery(PROJECT_A, `SELECT count(*) AS n FROM read_parquet('${fileOfA}')`);
      expect(Number(own.rows[0]?.['n'])).toBe(2);
      for (const sql of [
        `SELECT count(*) AS n FROM read_parquet('${fileOfA}')`,
        `SELECT count(*) AS n FROM read_parquet('${rollupProjectDirectory(dataDir, PROJECT_B)}/../${PROJECT_A}/daily/build.parquet')`,
        `SELECT count(*) AS n FROM glob('${dataDir}/pre-aggregates/*/*/*')`,
        `SELECT count(*) AS n FROM glob('${dataDir}/' || chr(42) || chr(42))`,
      ]) {
        const refused = engine.runQuery(PROJECT_B, sql);
        await expect(refused).rejects.toThrow(/Permission Error|disabled by configuration/);
        await expect(refused).rejects.not.toThrow(dataDir);
      }
      // A query cannot widen its sandbox for the next one.
      await expect(engine.runQuery(PROJECT_B, "SET allowed_directories = ['/']")).rejects.toThrow(/locked/);
    } finally {
      engine.onModuleDestroy();
    }
  });
});
