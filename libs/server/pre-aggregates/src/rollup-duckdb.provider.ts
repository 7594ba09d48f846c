import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { type QueryOptions, type QueryResult, type RollupFileColumn, RollupSandboxes, withoutDataDir } from '@quarry/warehouses';

import { rollupProjectDirectory } from './rollup-location';

/**
 * This process's in-memory DuckDBs over rollups, one per project (RollupSandboxes): the worker
 * writes a project's rollups with its own, the API answers the project's queries from them —
 * table calculations included, which may call DuckDB's file functions — in a sandbox that reaches
 * only DATA_DIR/pre-aggregates/<projectUuid>. They work within the process's DuckDB ceiling
 * (DUCKDB_MEMORY_LIMIT_MAX), not its export budget: turning a rollup's rows into Parquet needs
 * more than the worker's 48MB, and a build is rare, short and holds no export's rows.
 */
@Injectable()
export class RollupEngine implements OnModuleDestroy {
  /** Its own spill directories: API and worker processes share DATA_DIR, never one another's spill files. */
  private readonly spillDirectory: string;
  private readonly sandboxes: RollupSandboxes;

  constructor(private readonly config: AppConfig) {
    const spillDirectory = join(config.dataDir, 'tmp', 'duckdb-rollups', String(process.pid));
    this.spillDirectory = spillDirectory;
    this.sandboxes = new RollupSandboxes({
      max: config.preAggregates.sandboxes,
      optionsOf: (projectUuid) => ({
        rootDirectory: rollupProjectDirectory(config.dataDir, projectUuid),
        tempDirectory: join(spillDirectory, projectUuid),
        memoryLimit: config.duckdb.memoryLimitMax,
        threads: config.preAggregates.threads,
      }),
    });
  }

  /** Runs one statement of the project's (bound `$n` values) in its sandbox. */
  async runQuery(projectUuid: string, sql: string, params?: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    try {
      return await this.sandboxes.use(projectUuid, (engine) => engine.runQuery(sql, params, options));
    } catch (error) {
      throw withoutDataDir(error, this.config.dataDir);
    }
  }

  /** Writes a project's staged rows (JSON lines in its rollup folder) to a Parquet file there; answers the rows written. */
  async jsonLinesToParquet(
    projectUuid: string,
    jsonPath: string,
    columns: readonly RollupFileColumn[],
    parquetPath: string,
  ): Promise<number> {
    try {
      return await this.sandboxes.use(projectUuid, (engine) => engine.jsonLinesToParquet(jsonPath, columns, parquetPath));
    } catch (error) {
      throw withoutDataDir(error, this.config.dataDir);
    }
  }

  onModuleDestroy(): void {
    this.sandboxes.close();
    rmSync(this.spillDirectory, { recursive: true, force: true });
  }
}
