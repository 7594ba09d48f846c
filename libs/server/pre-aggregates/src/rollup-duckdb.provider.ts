import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { RollupDuckDb } from '@quarry/warehouses';

import { rollupRoot } from './rollup-location';

/**
 * This process's in-memory DuckDB over DATA_DIR/pre-aggregates: the worker writes rollups with it,
 * the API answers queries from them. Sandboxed to that directory. It works within the process's
 * DuckDB ceiling (DUCKDB_MEMORY_LIMIT_MAX), not its export budget: turning a rollup's rows into
 * Parquet needs more than the worker's 48MB (the demo's rollups ran out of memory there), and a
 * build is rare, short and holds no export's rows.
 */
@Injectable()
export class RollupEngine extends RollupDuckDb implements OnModuleDestroy {
  /** Its own spill directory: API and worker processes share DATA_DIR, never one another's spill files. */
  private readonly spillDirectory: string;

  constructor(config: AppConfig) {
    const spillDirectory = join(config.dataDir, 'tmp', 'duckdb-rollups', String(process.pid));
    super({ rootDirectory: rollupRoot(config.dataDir), tempDirectory: spillDirectory, memoryLimit: config.duckdb.memoryLimitMax, threads: config.preAggregates.threads });
    this.spillDirectory = spillDirectory;
  }

  onModuleDestroy(): void {
    this.close();
    rmSync(this.spillDirectory, { recursive: true, force: true });
  }
}
