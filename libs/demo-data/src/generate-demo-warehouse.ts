import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

import { DEMO_SCHEMA, DEMO_TABLES, type DemoTableName } from './demo-constants';
import { demoGenerationSteps } from './generation/demo-generation-steps';
import { planDemo } from './generation/demo-plan';
import { withDuckDb } from './generation/duckdb-session';
import { readDemoContents } from './generation/read-demo-contents';
import { removeDuckDbFile, stagingPathFor, writeAheadLogOf } from './generation/staging-file';

export interface GenerateDemoWarehouseOptions {
  /** Where the DuckDB file goes; replaced if it exists. Name it `demo.duckdb` to match the demo project's profile. */
  file: string;
  /** 1 ≈ 100k orders; see the library README for every table. Greater than 0, at most 1000. */
  scale: number;
  /** Last day of activity (`YYYY-MM-DD`); the data covers the three years up to it. Defaults to 2025-12-31. */
  lastDay?: string;
  /**
   * DuckDB `memory_limit` while generating, e.g. `'4GB'`; beyond it DuckDB spills to disk beside the
   * file. Defaults to DuckDB's own default (80% of RAM), which large scales do use.
   */
  memoryLimit?: string;
  /** Called before each generation step, e.g. to print progress at large scales. */
  onStep?: (label: string) => void;
}

export interface DemoSummary {
  /** Absolute path of the generated file. */
  file: string;
  /** DuckDB's catalog name for the file: the profile's `database`. */
  catalog: string;
  schema: string;
  scale: number;
  firstDay: string;
  lastDay: string;
  rowCounts: Record<DemoTableName, number>;
  totalRows: number;
  fileSizeBytes: number;
  durationMs: number;
}

/**
 * Builds the demo shop's warehouse: a DuckDB file with customers, products, orders, order items,
 * payments and web events in one schema. Generation runs entirely inside DuckDB and draws every
 * value from hashes, so the same scale and last day always give the same rows.
 *
 * The file is built under a temporary name beside the target and renamed into place once
 * complete; on failure the temporary file is removed and the target is left as it was.
 */
export async function generateDemoWarehouse(options: GenerateDemoWarehouseOptions): Promise<DemoSummary> {
  const started = performance.now();
  const plan = planDemo(options.scale, options.lastDay);
  const target = resolve(options.file);
  await mkdir(dirname(target), { recursive: true });

  const staging = stagingPathFor(target);
  try {
    const settings: Record<string, string> = options.memoryLimit ? { memory_limit: options.memoryLimit } : {};
    await withDuckDb(staging, settings, async (connection) => {
      for (const step of demoGenerationSteps(plan)) {
        options.onStep?.(step.label);
        await connection.run(step.sql);
      }
    });
    // A log left by a crashed writer of the old file would be replayed onto the new one. (Its
    // spill directory is left alone: a reader of the old file may still be using it.)
    await rm(writeAheadLogOf(target), { force: true });
    await rename(staging, target);
  } catch (error) {
    await removeDuckDbFile(staging);
    throw error;
  }

  const contents = await readDemoContents(target);
  const { size } = await stat(target);
  return {
    file: target,
    catalog: contents.catalog,
    schema: DEMO_SCHEMA,
    scale: plan.scale,
    firstDay: plan.firstDay,
    lastDay: plan.lastDay,
    rowCounts: contents.rowCounts,
    totalRows: DEMO_TABLES.reduce((sum, table) => sum + contents.rowCounts[table], 0),
    fileSizeBytes: size,
    durationMs: Math.round(performance.now() - started),
  };
}
