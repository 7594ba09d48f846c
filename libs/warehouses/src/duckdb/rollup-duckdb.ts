import { mkdir } from 'node:fs/promises';

import { DuckDBInstance } from '@duckdb/node-api';

import type { QueryOptions, QueryResult } from '../adapter/warehouse-adapter';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { toQueryParams } from '../query/query-params';
import { quoteStringLiteral } from '../sql/sql-literals';
import { fieldsOf, type ResultColumn, rowFromValues } from '../values/result-columns';
import { DuckDbConnectionPool } from './duckdb-connection-pool';
import { duckDbColumnConverter } from './duckdb-types';
import { duckDbValues } from './duckdb-values';

/** Every session's zone unless a query names another. */
const DEFAULT_TIMEZONE = 'UTC';

/** Where and how an in-memory DuckDB for rollups may work. */
export interface RollupDuckDbOptions {
  /** The only directory SQL may read or write files in (rollup Parquet files live under it). */
  rootDirectory: string;
  /** Where large sorts and aggregates spill. */
  tempDirectory: string;
  memoryLimit?: string | undefined;
  threads?: number | undefined;
}

/** A column of a rollup file and its DuckDB type (`BIGINT`, `DECIMAL(38,2)`, `DATE`, …). */
export interface RollupFileColumn {
  name: string;
  type: string;
}

/**
 * An in-memory DuckDB sandboxed to one directory: it reads rollup Parquet files there (queries
 * answered from a pre-aggregate) and writes them (materialization), and nothing else on the file
 * system or network. Results are normalised exactly as the warehouse adapters normalise theirs,
 * so a cell from a rollup equals the cell from the warehouse.
 */
export class RollupDuckDb {
  private opening: Promise<{ instance: DuckDBInstance; pool: DuckDbConnectionPool }> | undefined;

  constructor(private readonly options: RollupDuckDbOptions) {}

  /** Runs one statement (bound `$n` values) in the query's time zone. */
  async runQuery(sql: string, params?: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    const values = duckDbValues(toQueryParams(params));
    const cancellation = QueryCancellation.watch(options);
    try {
      const { pool } = await this.instance();
      // Sessions start in UTC (set on the instance): only another zone costs a statement.
      const timezone = options.timezone === DEFAULT_TIMEZONE ? undefined : options.timezone;
      const stops = {
        timezone,
        onStop: (interrupt: () => void) => cancellation.onStop(interrupt),
        stopped: () => cancellation.reason !== undefined,
      };
      return await pool.run(sql, values, stops, async (result) => {
        const types = result.columnTypes();
        const columns: ResultColumn[] = result.columnNames().map((name, index) => {
          const type = types[index];
          return type ? { name, ...duckDbColumnConverter(type) } : { name, kind: 'string' };
        });
        const rows = (await result.getRows()).map((row) => rowFromValues(columns, row));
        return { fields: fieldsOf(columns), rows };
      });
    } catch (error) {
      throw cancellation.explain(toQueryError(error));
    } finally {
      cancellation.dispose();
    }
  }

  /**
   * Writes newline-delimited JSON rows (inside the root directory) to a Parquet file there, each
   * column cast to its type. Returns the number of rows written.
   */
  async jsonLinesToParquet(jsonPath: string, columns: readonly RollupFileColumn[], parquetPath: string): Promise<number> {
    const connection = await (await this.instance()).instance.connect();
    try {
      const literal = (text: string) => quoteStringLiteral(text, { backslashEscapes: false });
      const struct = columns.map((column) => `${literal(column.name)}: ${literal(column.type)}`).join(', ');
      const select = columns.map((column) => `"${column.name.replaceAll('"', '""')}"`).join(', ');
      const result = await connection.run(
        `COPY (SELECT ${select} FROM read_json(${literal(jsonPath)}, format = 'newline_delimited', ` +
          `columns = {${struct}})) TO ${literal(parquetPath)} (FORMAT parquet)`,
      );
      return Number(result.rowsChanged);
    } catch (error) {
      throw toQueryError(error);
    } finally {
      connection.closeSync();
    }
  }

  close(): void {
    const opening = this.opening;
    this.opening = undefined;
    void opening?.then(
      ({ instance, pool }) => {
        pool.close();
        instance.closeSync();
      },
      () => undefined,
    );
  }

  private instance(): Promise<{ instance: DuckDBInstance; pool: DuckDbConnectionPool }> {
    this.opening ??= this.open();
    return this.opening;
  }

  /**
   * DuckDB takes allowed_directories only while external access is on: the instance opens with it
   * on, is given the root, and turns it off before any query runs, after which neither can change.
   */
  private async open(): Promise<{ instance: DuckDBInstance; pool: DuckDbConnectionPool }> {
    await mkdir(this.options.rootDirectory, { recursive: true });
    await mkdir(this.options.tempDirectory, { recursive: true });
    const instance = await DuckDBInstance.create(':memory:', {
      temp_directory: this.options.tempDirectory,
      ...(this.options.memoryLimit === undefined ? {} : { memory_limit: this.options.memoryLimit }),
      ...(this.options.threads === undefined ? {} : { threads: String(this.options.threads) }),
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const connection = await instance.connect();
    try {
      const root = this.options.rootDirectory.endsWith('/') ? this.options.rootDirectory : `${this.options.rootDirectory}/`;
      await connection.run(`SET GLOBAL TimeZone = '${DEFAULT_TIMEZONE}'`);
      await connection.run(`SET GLOBAL allowed_directories = [${quoteStringLiteral(root, { backslashEscapes: false })}]`);
      await connection.run('SET GLOBAL enable_external_access = false');
      // Nothing a query sets can change the sandbox or the limits for the next one; a session's
      // time zone (set per query, see DuckDbConnectionPool) is the one setting left open.
      await connection.run("SET GLOBAL allowed_configs = ['TimeZone']");
      await connection.run('SET GLOBAL lock_configuration = true');
    } catch (error) {
      instance.closeSync();
      throw error;
    } finally {
      connection.closeSync();
    }
    return { instance, pool: new DuckDbConnectionPool(instance) };
  }
}
