import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AppConfig } from '@quarry/server/config';

import { RollupEngine } from './rollup-duckdb.provider';

describe('RollupEngine', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rollup-engine-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([1, 3])('runs rollup queries with PRE_AGGREGATE_THREADS threads (%i), not the warehouse DuckDB’s', async (threads) => {
    const config = { dataDir, duckdb: { memoryLimit: '1GB', memoryLimitMax: '1GB', threads: 2 }, preAggregates: { fileGraceMs: 0, threads } } as AppConfig;
    const engine = new RollupEngine(config);
    try {
      const { rows } = await engine.runQuery("SELECT current_setting('threads') AS threads");
      expect(Number(rows[0]?.['threads'])).toBe(threads);
    } finally {
      engine.onModuleDestroy();
    }
  });
});
