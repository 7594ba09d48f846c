import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { RollupDuckDb } from '@quarry/warehouses';

import { rollupRoot } from './rollup-location';

/**
 * This process's in-memory DuckDB over DATA_DIR/pre-aggregates: the worker writes rollups with it,
 * the API answers queries from them. Sandboxed to that directory; the process's DuckDB limits.
 */
@Injectable()
export class RollupEngine extends RollupDuckDb implements OnModuleDestroy {
  /** Its own spill directory: API and worker processes share DATA_DIR, never one another's spill files. */
  private readonly spillDirectory: string;

  constructor(config: AppConfig) {
    const spillDirectory = join(config.dataDir, 'tmp', 'duckdb-rollups', String(process.pid));
    super({ rootDirectory: rollupRoot(config.dataDir), tempDirectory: spillDirectory, memoryLimit: config.duckdb.memoryLimit, threads: config.duckdb.threads });
    this.spillDirectory = spillDirectory;
  }

  onModuleDestroy(): void {
    this.close();
    rmSync(this.spillDirectory, { recursive: true, force: true });
  }
}
