import { stat } from 'node:fs/promises';

import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { WarehouseQueryError } from '@quarry/domain';

import type { QueryOptions } from '../adapter/warehouse-adapter';
import { csvColumnsSql, DUCKDB_CSV_LINE, RESULT_ALIAS } from '../native-csv/csv-line-sql';
import { lengthWithoutLastLine } from '../native-csv/last-csv-line';
import type { NativeColumn, NativeCsvOutcome, NativeCsvRequest, NativeCsvToFile } from '../native-csv/native-csv';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { quoteIdentifier, quoteStringLiteral } from '../sql/sql-literals';
import type { OpenDuckDb } from './duckdb-instances';

/** What the native CSV writer borrows from its adapter: the open file and a sandboxed one-statement connection. */
export interface DuckDbQueryAccess {
  open(): Promise<OpenDuckDb>;
  queryConnection(sql: string, cancellation: QueryCancellation, timezone: string | undefined): Promise<DuckDBConnection>;
  values(params: readonly unknown[]): DuckDBValue[] | undefined;
}

/**
 * DuckDB writes the export file itself: `COPY (cells) TO` a file in the one directory the instance
 * may write to, unquoted: the cells are quoted in SQL and named by the header (see csvColumnsSql).
 */
export class DuckDbNativeCsv implements NativeCsvToFile {
  readonly destination = 'file' as const;

  constructor(
    private readonly directoryOfFile: () => string,
    private readonly access: DuckDbQueryAccess,
  ) {}

  /** Found from the file's real path, so only once the file is there. */
  get directory(): string {
    return this.directoryOfFile();
  }

  async describe(sql: string, _params: readonly unknown[], options: QueryOptions = {}): Promise<NativeColumn[]> {
    return this.withConnection(sql, options, async (connection) => {
      const prepared = await connection.prepare(sql);
      try {
        return Array.from({ length: prepared.columnCount }, (_, index) => ({ name: prepared.columnName(index), nativeType: prepared.columnType(index).toString() }));
      } finally {
        prepared.destroySync();
      }
    });
  }

  columnSql(name: string): string {
    return `${RESULT_ALIAS}.${quoteIdentifier(name)}`;
  }

  async writeFile(request: NativeCsvRequest, path: string): Promise<NativeCsvOutcome & { bytes: number }> {
    if (!path.startsWith(`${this.directory}/`)) throw new Error(`DuckDB may only write export files inside ${this.directory}`);
    const columns = csvColumnsSql(DUCKDB_CSV_LINE, request.sql, request.cells, request.header, quoteIdentifier);
    const copy = `COPY (${columns}) TO ${quoteStringLiteral(path, { backslashEscapes: false })} (FORMAT csv, HEADER true, QUOTE '', ESCAPE '')`;
    const written = await this.withConnection(copy, request.options ?? {}, async (connection) => {
      const result = await connection.run(copy, this.access.values(request.params));
      const [[count]] = (await result.getRows()) as [[bigint | number]];
      return Number(count);
    });
    // The query returns one row past the limit when it has more: that line is cut off again.
    const truncated = request.limit !== undefined && written > request.limit;
    const bytes = truncated ? await lengthWithoutLastLine(path) : (await stat(path)).size;
    return { rows: truncated ? written - 1 : written, truncated, bytes };
  }

  /** One statement on a sandboxed connection within the instance's memory limit, errors as the adapter reports them. */
  private async withConnection<T>(sql: string, options: QueryOptions, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const cancellation = QueryCancellation.watch(options);
    try {
      const { memory } = await this.access.open();
      const run = await memory.run(async () => {
        const connection = await this.access.queryConnection(sql, cancellation, options.timezone);
        try {
          return await work(connection);
        } finally {
          connection.closeSync();
        }
      });
      await run.release();
      return run.value;
    } catch (error) {
      if (error instanceof WarehouseQueryError) throw error;
      throw cancellation.explain(toQueryError(error));
    } finally {
      cancellation.dispose();
    }
  }
}
