import { stat } from 'node:fs/promises';

import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { WarehouseQueryError } from '@quarry/domain';

import { messageOf } from '../adapter/connection-error';
import type { QueryOptions } from '../adapter/warehouse-adapter';
import { csvColumnsSql, DUCKDB_CSV_LINE, RESULT_ALIAS } from '../native-csv/csv-line-sql';
import { FileSizeWatch } from '../native-csv/file-size-watch';
import { lengthWithoutLastLine } from '../native-csv/last-csv-line';
import {
  type NativeColumn,
  type NativeCsvOutcome,
  nativeCsvOverCap,
  type NativeCsvRequest,
  type NativeCsvToFile,
} from '../native-csv/native-csv';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { quoteIdentifier, quoteStringLiteral } from '../sql/sql-literals';
import type { OpenDuckDb } from './duckdb-instances';
import { assertOneStatement, type DuckDbSession } from './duckdb-session';
import { WRITER_QUOTED_CSV_OPTIONS, WRITER_QUOTING_DIFFERS, writerQuotedColumnsSql, WriterQuotingStops } from './duckdb-writer-quoted-csv';

/** What the native CSV writer borrows from its adapter: the open file and a sandboxed one-statement connection. */
export interface DuckDbQueryAccess {
  open(): Promise<OpenDuckDb>;
  queryConnection(sql: string, cancellation: QueryCancellation, session: DuckDbSession): Promise<DuckDBConnection>;
  values(params: readonly unknown[]): DuckDBValue[] | undefined;
}

/** This process's queries whose export the writer could not quote (see WriterQuotingStops). */
const writerQuotingStops = new WriterQuotingStops();

/** Runs a `COPY … TO`; DuckDB answers with the rows it wrote. */
async function copiedRows(connection: DuckDBConnection, copy: string, values: DuckDBValue[] | undefined): Promise<number> {
  const result = await connection.run(copy, values);
  const [[count]] = (await result.getRows()) as [[bigint | number]];
  return Number(count);
}

/**
 * DuckDB writes the export file itself: `COPY (cells) TO` a file in the one directory the instance
 * may write to — quoted by DuckDB's CSV writer where it quotes as the JS path does
 * (writerQuotedColumnsSql), else quoted in SQL and written as they are (csvColumnsSql).
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
    // Preparing plans the query without running it: its setup (a sort cutoff's first pass) is not needed.
    return this.withConnection(sql, { ...options, setup: [] }, [], async (connection) => {
      const prepared = await connection.prepare(sql);
      try {
        return Array.from({ length: prepared.columnCount }, (_, index) => ({
          name: prepared.columnName(index),
          nativeType: prepared.columnType(index).toString(),
        }));
      } finally {
        prepared.destroySync();
      }
    });
  }

  columnSql(name: string): string {
    return `${RESULT_ALIAS}.${quoteIdentifier(name)}`;
  }

  async writeFile(
    request: NativeCsvRequest,
    path: string,
  ): Promise<NativeCsvOutcome & { bytes: number; quotedBy: 'writer' | 'sql'; writerStopped: boolean }> {
    if (!path.startsWith(`${this.directory}/`)) throw new Error(`DuckDB may only write export files inside ${this.directory}`);
    const target = quoteStringLiteral(path, { backslashEscapes: false });
    const writerSql = writerQuotedColumnsSql(request.sql, request.cells, request.header, quoteIdentifier);
    const byWriter = writerSql !== undefined && !writerQuotingStops.has(writerSql, request.params) ? writerSql : undefined;
    let writerStopped = false;
    const bySql =
      `COPY (${csvColumnsSql(DUCKDB_CSV_LINE, request.sql, request.cells, request.header, quoteIdentifier)}) TO ${target} ` +
      `(FORMAT csv, HEADER true, QUOTE '', ESCAPE '')`;
    const first = byWriter === undefined ? bySql : `COPY (${byWriter}) TO ${target} (${WRITER_QUOTED_CSV_OPTIONS})`;
    const values = this.access.values(request.params);
    // One connection for both attempts: the second reuses the session its setup prepared (a sort cutoff's key).
    let watch: FileSizeWatch | undefined;
    const copied = this.withConnection(first, request.options ?? {}, request.params, async (connection) => {
      // A retry (with more memory) gets a watch of its own: the last one's ends first.
      watch?.end();
      watch = new FileSizeWatch(path, request.maxBytes, () => connection.interrupt());
      if (byWriter !== undefined) {
        try {
          return { written: await copiedRows(connection, first, values), quotedBy: 'writer' as const };
        } catch (error) {
          if (!messageOf(error).includes(WRITER_QUOTING_DIFFERS)) throw error;
        }
        writerStopped = true;
        writerQuotingStops.add(byWriter, request.params);
        await assertOneStatement(connection, bySql);
      }
      return { written: await copiedRows(connection, bySql, values), quotedBy: 'sql' as const };
    });
    const { written, quotedBy } = await copied.then(
      (outcome) => {
        watch?.end();
        return outcome;
      },
      (error: unknown) => {
        watch?.end();
        // Interrupted at the cap: the JS path writes the export again, cut at a whole row.
        throw watch?.exceeded && request.maxBytes !== undefined ? nativeCsvOverCap(request.maxBytes) : error;
      },
    );
    // The query returns one row past the limit when it has more: that line is cut off again.
    const truncated = request.limit !== undefined && written > request.limit;
    const bytes = truncated ? await lengthWithoutLastLine(path) : (await stat(path)).size;
    if (request.maxBytes !== undefined && bytes > request.maxBytes) throw nativeCsvOverCap(request.maxBytes);
    return { rows: truncated ? written - 1 : written, truncated, bytes, quotedBy, writerStopped };
  }

  /** One statement on a sandboxed connection within the instance's memory limit, errors as the adapter reports them. */
  private async withConnection<T>(
    sql: string,
    options: QueryOptions,
    params: readonly unknown[],
    work: (connection: DuckDBConnection) => Promise<T>,
  ): Promise<T> {
    const cancellation = QueryCancellation.watch(options);
    try {
      const { memory } = await this.access.open();
      const run = await memory.run(async () => {
        const connection = await this.access.queryConnection(sql, cancellation, {
          timezone: options.timezone,
          setup: options.setup,
          params,
        });
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
