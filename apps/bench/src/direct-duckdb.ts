import { type DuckDBConnection, DuckDBInstance, version } from '@duckdb/node-api';
import { READ_ONLY_DUCKDB_OPTIONS } from '@quarry/warehouses';

/** The DuckDB library version this process (and Quarry's, from the same node_modules) runs. */
export function duckdbVersion(): string {
  return version();
}

/**
 * The baseline: the warehouse file opened in this process with the options Quarry's adapter uses
 * (read-only, no external access), one connection, rows materialized as JavaScript values. The
 * export cases open it with external access, which DuckDB's `COPY … TO` needs to write its file.
 */
export class DirectDuckDb {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(file: string, options: { externalAccess?: boolean } = {}): Promise<DirectDuckDb> {
    const instance = await DuckDBInstance.create(file, {
      ...READ_ONLY_DUCKDB_OPTIONS,
      ...(options.externalAccess ? { enable_external_access: 'true' } : {}),
    });
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

  /** DuckDB's own CSV writer: `COPY (sql) TO target` with a header; returns the rows written. */
  async copyToCsv(sql: string, target: string): Promise<number> {
    const quoted = `'${target.replace(/'/g, "''")}'`;
    const result = await this.connection.run(`COPY (${sql}) TO ${quoted} (FORMAT CSV, HEADER, DELIMITER ',')`);
    const [row] = await result.getRows();
    return Number(row?.[0]);
  }

  async countRows(schema: string, table: string): Promise<number> {
    const result = await this.connection.run(`SELECT count(*)::BIGINT AS n FROM "${schema}"."${table}"`);
    const [row] = await result.getRows();
    return Number(row?.[0]);
  }

  /** A table's columns and their DuckDB types, in order. */
  async columns(schema: string, table: string): Promise<Array<{ name: string; type: string }>> {
    const result = await this.connection.run(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
      [schema, table],
    );
    return (await result.getRows()).map(([name, type]) => ({ name: String(name), type: String(type) }));
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}
