import type { Readable } from 'node:stream';

import { type RelationRef, type WarehouseCatalog, WarehouseConnectionError } from '@quarry/domain';
import type { Connection, RowStatement } from 'snowflake-sdk';

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
import type { SnowflakeConnectionConfig } from '../connections/snowflake-connection';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { toQueryParams } from '../query/query-params';
import { batchSizeOf } from '../query/rebatch';
import { fieldsOf, type ResultColumn, rowFromValues } from '../values/result-columns';
import { SNOWFLAKE_CONTEXT_SQL, SNOWFLAKE_TABLES_SQL, snowflakeColumnsSql } from './snowflake-catalog-sql';
import { snowflakeConnectionError } from './snowflake-errors';
import { snowflakeConnectionOptions, snowflakeStatement } from './snowflake-options';
import { snowflakeColumnName, snowflakeColumns, snowflakeDimensionType } from './snowflake-types';

interface SnowflakeResult {
  columns: ResultColumn[];
  rows: Readable;
}

/** The SDK is loaded on first use: it is large, and most installs never talk to Snowflake. */
async function loadSnowflakeSdk(): Promise<typeof import('snowflake-sdk')> {
  const sdk = await import('snowflake-sdk');
  sdk.configure({ logLevel: 'ERROR' });
  return sdk;
}

/** Snowflake through snowflake-sdk: one session per adapter; statements carry their own settings. */
export class SnowflakeAdapter implements WarehouseAdapter {
  readonly type = 'snowflake' as const;
  private connecting: Promise<Connection> | undefined;

  constructor(private readonly config: SnowflakeConnectionConfig) {}

  async testConnection(): Promise<void> {
    await this.connection();
    let context: ResultRow | undefined;
    try {
      context = (await this.runQuery(SNOWFLAKE_CONTEXT_SQL)).rows[0];
    } catch (error) {
      throw connectionError('query', `Connected, but a test query failed: ${messageOf(error)}`);
    }
    // Snowflake logs in even when the database, schema or warehouse named is missing or not granted.
    if (!context?.['role'] && this.config.role) throw connectionError('role', `Role "${this.config.role}" is not available to this user`);
    if (!context?.['database']) throw connectionError('database', `Database "${this.config.database}" does not exist or is not authorized`);
    if (!context['schema']) throw connectionError('schema', `Schema "${this.config.schema}" does not exist or is not authorized`);
    if (!context['warehouse'])
      throw connectionError('warehouse', `Warehouse "${this.config.warehouse}" does not exist or is not authorized`);
  }

  async runQuery(sql: string, params?: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    let fields: QueryResult['fields'] = {};
    const rows: ResultRow[] = [];
    for await (const batch of this.streamQuery(sql, params, {
      ...options,
      batchSize: DEFAULT_BATCH_SIZE,
      onFields: (announced) => (fields = announced),
    })) {
      rows.push(...batch);
    }
    return { fields, rows };
  }

  async *streamQuery(sql: string, params?: readonly unknown[], options: StreamQueryOptions = {}): AsyncGenerator<ResultRow[]> {
    const statement = snowflakeStatement(this.config, sql, toQueryParams(params), options);
    const batchSize = batchSizeOf(options.batchSize, DEFAULT_BATCH_SIZE);
    const cancellation = QueryCancellation.watch(options);
    let result: SnowflakeResult | undefined;
    try {
      const connection = await this.connection();
      result = await this.execute(connection, statement, cancellation);
      const { columns } = result;
      options.onFields?.(fieldsOf(columns));
      let batch: ResultRow[] = [];
      for await (const values of result.rows as AsyncIterable<unknown[]>) {
        cancellation.throwIfStopped();
        batch.push(rowFromValues(columns, values));
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
      cancellation.throwIfStopped();
      if (batch.length > 0) yield batch;
    } catch (error) {
      throw cancellation.explain(toQueryError(error, snowflakeErrorData(error)));
    } finally {
      result?.rows.destroy();
      cancellation.dispose();
    }
  }

  async getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog> {
    const byDatabase = new Map<string, string[]>();
    for (const { database, schema } of schemasOf(relations))
      byDatabase.set(database, [...(byDatabase.get(database) ?? []), schema.toLowerCase()]);
    const rows: ResultRow[] = [];
    for (const [database, schemas] of byDatabase) {
      rows.push(...(await this.runQuery(snowflakeColumnsSql(database, schemas.length), schemas)).rows);
    }
    return assembleCatalog(relations, catalogColumnsFromRows(rows), snowflakeDimensionType, snowflakeColumnName);
  }

  async listTables(): Promise<RelationRef[]> {
    return relationsFromRows((await this.runQuery(SNOWFLAKE_TABLES_SQL)).rows);
  }

  async close(): Promise<void> {
    const connecting = this.connecting;
    this.connecting = undefined;
    const connection = await connecting?.catch(() => undefined);
    if (connection?.isUp()) await new Promise<void>((resolve) => connection.destroy(() => resolve()));
  }

  private connection(): Promise<Connection> {
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async connect(): Promise<Connection> {
    const options = snowflakeConnectionOptions(this.config);
    const sdk = await loadSnowflakeSdk();
    const connection = sdk.createConnection(options);
    try {
      // connect(callback), not connectAsync(): the SDK reports some login failures only to a callback.
      await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
      return connection;
    } catch (error) {
      if (error instanceof WarehouseConnectionError) throw error;
      throw snowflakeConnectionError(error);
    }
  }

  /** Runs a statement; resolves once Snowflake has its result, with the rows as a stream. */
  private execute(
    connection: Connection,
    statement: ReturnType<typeof snowflakeStatement>,
    cancellation: QueryCancellation,
  ): Promise<SnowflakeResult> {
    return new Promise((resolve, reject) => {
      const running = connection.execute({
        ...statement,
        complete: (error, completed) => {
          if (error) return reject(error);
          const described = (completed.getColumns() ?? []).map((column) => ({
            name: column.getName(),
            type: column.getType(),
            scale: column.getScale(),
          }));
          resolve({ columns: snowflakeColumns(described), rows: (completed as RowStatement).streamRows() });
        },
      });
      cancellation.onStop(() => running.cancel());
    });
  }
}

function snowflakeErrorData(error: unknown): Record<string, unknown> {
  const { code, sqlState } = (error ?? {}) as { code?: unknown; sqlState?: unknown };
  return { ...(code === undefined ? {} : { code }), ...(sqlState === undefined ? {} : { sqlState }) };
}
