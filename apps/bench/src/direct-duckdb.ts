import { type DuckDBConnection, DuckDBInstance, version } from '@duckdb/node-api';
import { READ_ONLY_DUCKDB_OPTIONS } from '@quarry/warehouses';

/** The DuckDB library version this process (and Quarry's, from the same node_modules) runs. */
export function duckdbVersion(): string {
  return version();
}

/**
 * The baseline: the warehouse file opened in this process with the options Quarry's adapter uses
 * (read-only, no external access), one connection, rows materialized as JavaScript values.
 */
export class DirectDuckDb {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(file: string): Promise<DirectDuckDb> {
    const instance = await DuckDBInstance.create(file, { ...READ_ONLY_DUCKDB_OPTIONS });
    try {
      return new DirectDuckDb(instance, await instance.connect());
    } catch (error) {
      instance.closeSync();
      throw error;
    }
  }

  /** Runs the SQL and reads every row; returns the row count. */
  async run(sql: string): Promise<number> {
    const result = await this.connection.run(sql);
    return (await result.getRows()).length;
  }

  async countRows(schema: string, table: string): Promise<number> {
    const result = await this.connection.run(`SELECT count(*)::BIGINT AS n FROM "${schema}"."${table}"`);
    const [row] = await result.getRows();
    return Number(row?.[0]);
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}
