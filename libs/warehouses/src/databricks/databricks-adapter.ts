import type { DBSQLClient } from '@databricks/sql';
import type IDBSQLSession from '@databricks/sql/dist/contracts/IDBSQLSession';
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
import { assembleCatalog, type CatalogColumn } from '../catalog/assemble-catalog';
import type { DatabricksConnectionConfig } from '../connections/databricks-connection';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { toQueryParams } from '../query/query-params';
import { batchSizeOf } from '../query/rebatch';
import { fieldsOf, rowFromRecord } from '../values/result-columns';
import { databricksConnectionError } from './databricks-errors';
import { databricksConnectOptions, databricksSessionRequest, databricksStatement, databricksTimezoneStatement } from './databricks-options';
import { databricksColumns, databricksDimensionType, type DatabricksSchema } from './databricks-types';

type DatabricksSdk = typeof import('@databricks/sql');

/**
 * Databricks SQL through @databricks/sql: one client per adapter, one session per query (so a
 * session time zone never leaks into another query), results fetched in chunks.
 */
export class DatabricksAdapter implements WarehouseAdapter {
  readonly type = 'databricks' as const;
  private client: Promise<{ sdk: DatabricksSdk; client: DBSQLClient }> | undefined;

  constructor(private readonly config: DatabricksConnectionConfig) {}

  async testConnection(): Promise<void> {
    const session = await this.openSession();
    try {
      const operation = await session.executeStatement('SELECT current_catalog() AS catalog, current_schema() AS schema', {
        runAsync: true,
      });
      await operation.fetchAll();
      await operation.close();
    } catch (error) {
      throw connectionError('query', `Connected, but a test query failed: ${messageOf(error)}`);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  async runQuery(sql: string, params?: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    let fields: QueryResult['fields'] = {};
    const rows: ResultRow[] = [];
    for await (const batch of this.streamQuery(sql, params, {
      ...options,
      batchSize: 10_000,
      onFields: (announced) => (fields = announced),
    })) {
      rows.push(...batch);
    }
    return { fields, rows };
  }

  async *streamQuery(sql: string, params?: readonly unknown[], options: StreamQueryOptions = {}): AsyncGenerator<ResultRow[]> {
    const statement = databricksStatement(sql, toQueryParams(params));
    const batchSize = batchSizeOf(options.batchSize, DEFAULT_BATCH_SIZE);
    const cancellation = QueryCancellation.watch(options);
    let session: IDBSQLSession | undefined;
    try {
      const { sdk } = await this.connection();
      session = await this.openSession();
      const timezone = databricksTimezoneStatement(options);
      if (timezone) await (await session.executeStatement(timezone)).close();
      const namedParameters = Object.fromEntries(
        Object.entries(statement.namedParameters).map(([name, parameter]) => [name, new sdk.DBSQLParameter(parameter as never)]),
      );
      const operation = await session.executeStatement(statement.sql, {
        runAsync: true,
        ...(Object.keys(namedParameters).length > 0 ? { namedParameters } : {}),
        ...(options.timeoutMs ? { queryTimeout: Math.ceil(options.timeoutMs / 1000) } : {}),
      });
      cancellation.onStop(() => operation.cancel());
      try {
        const columns = databricksColumns((await operation.getSchema()) as DatabricksSchema | null);
        options.onFields?.(fieldsOf(columns));
        do {
          cancellation.throwIfStopped();
          const chunk = (await operation.fetchChunk({ maxRows: batchSize, disableBuffering: false })) as Record<string, unknown>[];
          if (chunk.length > 0) yield chunk.map((row) => rowFromRecord(columns, row));
        } while (await operation.hasMoreRows());
      } finally {
        await operation.close().catch(() => undefined);
      }
    } catch (error) {
      throw cancellation.explain(toQueryError(error));
    } finally {
      await session?.close().catch(() => undefined);
      cancellation.dispose();
    }
  }

  /** Column metadata through the driver's metadata call, which works for Unity Catalog and hive_metastore alike. */
  async getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog> {
    if (relations.length === 0) return {};
    const session = await this.openSession();
    const columns: CatalogColumn[] = [];
    try {
      for (const relation of relations) {
        const operation = await session.getColumns({
          catalogName: relation.database,
          schemaName: relation.schema,
          tableName: relation.table,
        });
        const rows = (await operation.fetchAll()) as Record<string, unknown>[];
        await operation.close();
        for (const row of rows) {
          columns.push({
            database: String(row['TABLE_CAT'] ?? ''),
            schema: String(row['TABLE_SCHEM'] ?? ''),
            table: String(row['TABLE_NAME'] ?? ''),
            column: String(row['COLUMN_NAME'] ?? ''),
            nativeType: String(row['TYPE_NAME'] ?? ''),
          });
        }
      }
    } catch (error) {
      throw toQueryError(error);
    } finally {
      await session.close().catch(() => undefined);
    }
    return assembleCatalog(relations, columns, databricksDimensionType);
  }

  async listTables(): Promise<RelationRef[]> {
    const session = await this.openSession();
    try {
      const operation = await session.getTables({ catalogName: this.config.catalog || undefined });
      const rows = (await operation.fetchAll()) as Record<string, unknown>[];
      await operation.close();
      return rows
        .map((row) => ({
          database: String(row['TABLE_CAT'] ?? ''),
          schema: String(row['TABLE_SCHEM'] ?? ''),
          table: String(row['TABLE_NAME'] ?? ''),
        }))
        .filter((relation) => relation.schema.toLowerCase() !== 'information_schema');
    } catch (error) {
      throw toQueryError(error);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const opening = this.client;
    this.client = undefined;
    const opened = await opening?.catch(() => undefined);
    await opened?.client.close();
  }

  private connection(): Promise<{ sdk: DatabricksSdk; client: DBSQLClient }> {
    this.client ??= this.connect().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  /** The SDK is loaded on first use. */
  private async connect(): Promise<{ sdk: DatabricksSdk; client: DBSQLClient }> {
    const options = databricksConnectOptions(this.config);
    const sdk = await import('@databricks/sql');
    // Failures reach the caller as typed errors; the driver's own logger would print to the console.
    const client = new sdk.DBSQLClient({ logger: { log: () => undefined, getLevel: () => sdk.LogLevel.error } });
    // The client is an EventEmitter: an unhandled 'error' event would crash the process.
    client.on('error', () => undefined);
    try {
      await client.connect(options);
      return { sdk, client };
    } catch (error) {
      throw databricksConnectionError(error);
    }
  }

  private async openSession(): Promise<IDBSQLSession> {
    const { client } = await this.connection();
    try {
      return await client.openSession(databricksSessionRequest(this.config));
    } catch (error) {
      if (error instanceof WarehouseConnectionError) throw error;
      throw databricksConnectionError(error);
    }
  }
}
