import { createHash } from 'node:crypto';
import { join } from 'node:path';

import type { DuckDBConnection, DuckDBResult } from '@duckdb/node-api';
import { type RelationRef, type WarehouseCatalog, WarehouseConnectionError } from '@quarry/domain';

import { connectionError, messageOf } from '../adapter/connection-error';
import {
  DEFAULT_BATCH_SIZE,
  type QueryOptions,
  type QueryResult,
  type ResultRow,
  type StreamQueryOptions,
  type WarehouseAdapter,
} from '../adapter/warehouse-adapter';
import { assembleCatalog, catalogColumnsFromRows, relationsFromRows, schemasOf } from '../catalog/assemble-catalog';
import type { DuckdbConnectionConfig } from '../connections/duckdb-connection';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { toQueryParams } from '../query/query-params';
import { batchSizeOf } from '../query/rebatch';
import { fieldsOf, type QueryFields, type ResultColumn, rowFromValues } from '../values/result-columns';
import { withoutDataDir } from './data-dir-in-errors';
import { type OpenDuckDb, readOnlyDuckDb } from './duckdb-instances';
import { DuckDbNativeCsv } from './duckdb-native-csv';
import { resolveDuckDbPath } from './duckdb-path';
import { assertOneStatement, type DuckDbSession, prepareSession } from './duckdb-session';
import { DUCKDB_TABLES_SQL, duckDbColumnsSql } from './duckdb-sql';
import { duckDbColumnConverter, duckDbDimensionType } from './duckdb-types';
import { duckDbValues } from './duckdb-values';

export interface DuckDbContext {
  /** This process's DATA_DIR: spill and native-export directories live under its `tmp/`. */
  dataDir: string;
  /** Where the connection's `path` resolves and must stay: its organization's folder of DATA_DIR. */
  folder: string;
  duckdb?: { memoryLimit?: string | undefined; memoryLimitMax?: string | undefined; threads?: number };
}

function duckDbColumns(result: DuckDBResult): ResultColumn[] {
  const types = result.columnTypes();
  return result.columnNames().map((name, index) => {
    const type = types[index];
    return type ? { name, ...duckDbColumnConverter(type) } : { name, kind: 'string' };
  });
}

/**
 * Ends a streamed query in DuckDB now. Its result object holds the query's state (a sort's pinned
 * memory, its spilled files) until V8 collects the object, whenever that is; closing the
 * connection does not release it. After a 1M-row export cut from a 10M-row sort, the next export's
 * sort found the 64MB buffer pool still held and ran out of memory. Interrupting stops a query
 * whose reader stopped early; another statement on the connection then closes it.
 */
async function endStreamedQuery(connection: DuckDBConnection): Promise<void> {
  connection.interrupt();
  try {
    await connection.run('SELECT 1');
  } catch {
    // The connection is closed below either way; the result is then released when collected.
  } finally {
    connection.closeSync();
  }
}

/**
 * The embedded DuckDB warehouse: a file inside DATA_DIR, opened read-only without external access.
 * Each query gets its own connection, so interrupting one query never touches another and a
 * session time zone never leaks.
 */
export class DuckDbAdapter implements WarehouseAdapter {
  readonly type = 'duckdb' as const;
  readonly nativeCsv: DuckDbNativeCsv;
  private closed = false;
  private resolvedPath: string | undefined;

  constructor(
    private readonly config: DuckdbConnectionConfig,
    private readonly context: DuckDbContext,
  ) {
    this.nativeCsv = new DuckDbNativeCsv(() => this.copyDirectory(), {
      open: () => this.open(),
      queryConnection: (sql, cancellation, session) => this.queryConnection(sql, cancellation, session),
      values: (params) => duckDbValues(toQueryParams(params)),
    });
  }

  async testConnection(): Promise<void> {
    const connection = await this.connect();
    try {
      await connection.run('SELECT 1');
    } catch (error) {
      throw withoutDataDir(
        connectionError('query', `Opened the DuckDB file, but a test query failed: ${messageOf(error)}`),
        this.context.dataDir,
      );
    } finally {
      connection.closeSync();
    }
  }

  async runQuery(sql: string, params?: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    // Pooled connections are shared: a statement that sets a session value runs on one of its own.
    if (options.setup?.length) return this.runWithSetup(sql, params, options);
    const values = duckDbValues(toQueryParams(params));
    const cancellation = QueryCancellation.watch(options);
    try {
      const { memory, pool } = await this.open();
      const stops = {
        timezone: options.timezone,
        onStop: (interrupt: () => void) => cancellation.onStop(interrupt),
        stopped: () => cancellation.reason !== undefined,
      };
      const run = await memory.run(() =>
        pool.run(sql, values, stops, async (result) => {
          const columns = duckDbColumns(result);
          const rows = (await result.getRows()).map((row) => rowFromValues(columns, row));
          return { fields: fieldsOf(columns), rows };
        }),
      );
      await run.release();
      return run.value;
    } catch (error) {
      throw withoutDataDir(cancellation.explain(toQueryError(error)), this.context.dataDir);
    } finally {
      cancellation.dispose();
    }
  }

  /** DuckDB's streaming result: chunks of up to 2048 rows are produced as they are read. */
  async *streamQuery(sql: string, params?: readonly unknown[], options: StreamQueryOptions = {}): AsyncGenerator<ResultRow[]> {
    const values = duckDbValues(toQueryParams(params));
    const batchSize = batchSizeOf(options.batchSize, DEFAULT_BATCH_SIZE);
    const cancellation = QueryCancellation.watch(options);
    let connection: DuckDBConnection | undefined;
    let release: (() => Promise<void>) | undefined;
    try {
      const { memory } = await this.open();
      // Up to its first chunk a query has handed nothing on, so running out of memory there
      // (a sort, before any row) can be retried with more.
      const opened = await memory.run(async () => {
        const attempt = await this.queryConnection(sql, cancellation, {
          timezone: options.timezone,
          setup: options.setup,
          params: params ?? [],
        });
        try {
          const result = await attempt.stream(sql, values);
          return { connection: attempt, result, first: await result.fetchChunk() };
        } catch (error) {
          attempt.closeSync();
          throw error;
        }
      });
      ({ connection } = opened.value);
      release = opened.release;
      const { result } = opened.value;
      const columns = duckDbColumns(result);
      options.onFields?.(fieldsOf(columns));
      let batch: ResultRow[] = [];
      for (let chunk = opened.value.first; chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
        for (const row of chunk.getRows()) {
          batch.push(rowFromValues(columns, row));
          if (batch.length === batchSize) {
            yield batch;
            batch = [];
          }
        }
        cancellation.throwIfStopped();
      }
      if (batch.length > 0) yield batch;
    } catch (error) {
      throw withoutDataDir(cancellation.explain(toQueryError(error)), this.context.dataDir);
    } finally {
      cancellation.dispose();
      if (connection) await endStreamedQuery(connection);
      await release?.();
    }
  }

  async getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog> {
    if (relations.length === 0) return {};
    const schemas = [...new Set(schemasOf(relations).map((pair) => pair.schema.toLowerCase()))];
    const { rows } = await this.runQuery(duckDbColumnsSql(schemas.length), schemas);
    return assembleCatalog(relations, catalogColumnsFromRows(rows), duckDbDimensionType);
  }

  async listTables(): Promise<RelationRef[]> {
    const { rows } = await this.runQuery(DUCKDB_TABLES_SQL);
    return relationsFromRows(rows);
  }

  async close(): Promise<void> {
    // The instance is shared by every adapter on this file (see duckdb-instances); only this adapter closes.
    this.closed = true;
  }

  private async open(): Promise<OpenDuckDb> {
    if (this.closed) throw new Error('The warehouse adapter is closed');
    const realPath = this.realPath();
    try {
      return await readOnlyDuckDb(realPath, {
        ...this.context.duckdb,
        tempDirectory: join(this.context.dataDir, 'tmp', 'duckdb', this.fileKey()),
        copyDirectory: this.copyDirectory(),
      });
    } catch (error) {
      throw this.openError(error);
    }
  }

  /** The file's real path, checked once per adapter (each query opens one): the checks cost file system calls. */
  private realPath(): string {
    this.resolvedPath ??= resolveDuckDbPath(this.config.path, this.context.folder);
    return this.resolvedPath;
  }

  /** The file's own name among this process's temporary directories. */
  private fileKey(): string {
    return createHash('sha256').update(this.realPath()).digest('hex').slice(0, 16);
  }

  private async connect(): Promise<DuckDBConnection> {
    const { instance } = await this.open();
    try {
      return await instance.connect();
    } catch (error) {
      throw this.openError(error);
    }
  }

  /**
   * Where this file's queries may write native CSV exports: one directory per warehouse file, so
   * SQL run on one file (a developer's custom SQL can read files there) never sees another's
   * exports. Its spill directory is its own too (DuckDB lets SQL read the temp directory): files
   * belong to one organization, so no organization's SQL reads another's spilled rows.
   */
  private copyDirectory(): string {
    return join(this.context.dataDir, 'tmp', 'duckdb-exports', this.fileKey());
  }

  private openError(error: unknown): Error {
    if (error instanceof WarehouseConnectionError) return error;
    return withoutDataDir(
      connectionError('database', `Could not open DuckDB file "${this.config.path}": ${messageOf(error)}`, { field: 'path' }),
      this.context.dataDir,
    );
  }

  /**
   * A connection for one attempt at a query: one statement only, interrupted if the query is
   * stopped, in the query's time zone. DuckDB runs every statement of a string, and the SQL may
   * carry a developer's custom SQL: `x; SET threads = 64` would otherwise change the instance
   * every query shares.
   */
  private async queryConnection(sql: string, cancellation: QueryCancellation, session: DuckDbSession): Promise<DuckDBConnection> {
    const connection = await this.connect();
    try {
      await assertOneStatement(connection, sql);
      cancellation.onStop(() => connection.interrupt());
      await prepareSession(connection, session);
      return connection;
    } catch (error) {
      connection.closeSync();
      throw error;
    }
  }

  /** Runs `sql` and its setup statements on a connection of its own: a session value set there ends with it. */
  private async runWithSetup(sql: string, params: readonly unknown[] | undefined, options: QueryOptions): Promise<QueryResult> {
    let fields: QueryFields = {};
    const rows: ResultRow[] = [];
    for await (const batch of this.streamQuery(sql, params, { ...options, onFields: (found) => (fields = found) })) rows.push(...batch);
    return { fields, rows };
  }
}
