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
  constructor(config: AppConfig) {
    super({
      rootDirectory: rollupRoot(config.dataDir),
      tempDirectory: join(config.dataDir, 'tmp', 'duckdb-rollups'),
      memoryLimit: config.duckdb.memoryLimit,
      threads: config.duckdb.threads,
    });
  }

  onModuleDestroy(): void {
    this.close();
  }
}
