import { type RelationRef, type WarehouseCatalog, WarehouseConnectionError } from '@quarry/domain';
import type { QueryResult as TrinoPage, Trino } from 'trino-client';

import { connectionError } from '../adapter/connection-error';
import {
  DEFAULT_BATCH_SIZE,
  type QueryOptions,
  type QueryResult,
  type ResultRow,
  type StreamQueryOptions,
  type WarehouseAdapter,
} from '../adapter/warehouse-adapter';
import { assembleCatalog, catalogColumnsFromRows, relationsFromRows, schemasOf } from '../catalog/assemble-catalog';
import type { TrinoConnectionConfig } from '../connections/trino-connection';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { toQueryParams } from '../query/query-params';
import { batchSizeOf, rebatch } from '../query/rebatch';
import { fieldsOf, type ResultColumn, rowFromValues } from '../values/result-columns';
import { trinoConnectionError, TrinoError } from './trino-errors';
import { trinoClientOptions, trinoHeaders, trinoIdentifier, trinoStatement } from './trino-options';
import { trinoColumns, trinoDimensionType } from './trino-types';

/** Trino through trino-client: a query is submitted, then its result pages are followed. */
export class TrinoAdapter implements WarehouseAdapter {
  readonly type = 'trino' as const;
  private client: Promise<Trino> | undefined;

  constructor(private readonly config: TrinoConnectionConfig) {}

  async testConnection(): Promise<void> {
    const { catalog, schema } = trinoClientOptions(this.config);
    const sql = `SELECT schema_name FROM ${trinoIdentifier(catalog)}.information_schema.schemata WHERE schema_name = $1`;
    const rows: ResultRow[] = [];
    const cancellation = QueryCancellation.watch({});
    try {
      for await (const batch of this.execute(sql, [schema], {}, cancellation)) rows.push(...batch);
    } catch (error) {
      if (error instanceof WarehouseConnectionError) throw error;
      throw trinoConnectionError(error);
    } finally {
      cancellation.dispose();
    }
    if (rows.length === 0) throw connectionError('schema', `Schema "${schema}" does not exist in catalog "${catalog}"`);
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
    const batchSize = batchSizeOf(options.batchSize, DEFAULT_BATCH_SIZE);
    const cancellation = QueryCancellation.watch(options);
    try {
      yield* rebatch(this.execute(sql, params, options, cancellation), batchSize);
    } catch (error) {
      throw cancellation.explain(toQueryError(error, trinoErrorData(error)));
    } finally {
      cancellation.dispose();
    }
  }

  async getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog> {
    const byCatalog = new Map<string, string[]>();
    for (const { database, schema } of schemasOf(relations))
      byCatalog.set(database, [...(byCatalog.get(database) ?? []), schema.toLowerCase()]);
    const rows: ResultRow[] = [];
    for (const [catalog, schemas] of byCatalog) {
      const placeholders = schemas.map((_, i) => `$${i + 1}`).join(', ');
      const sql =
        `SELECT table_catalog AS "database", table_schema AS "schema", table_name AS "table", column_name AS "column", ` +
        `data_type AS native_type
        FROM ${trinoIdentifier(catalog)}.information_schema.columns WHERE lower(table_schema) IN (${placeholders})
        ORDER BY table_schema, table_name, ordinal_position`;
      rows.push(...(await this.runQuery(sql, schemas)).rows);
    }
    return assembleCatalog(relations, catalogColumnsFromRows(rows), trinoDimensionType);
  }

  async listTables(): Promise<RelationRef[]> {
    const { catalog } = trinoClientOptions(this.config);
    const sql = `SELECT table_catalog AS "database", table_schema AS "schema", table_name AS "table"
      FROM ${trinoIdentifier(catalog)}.information_schema.tables WHERE table_schema <> 'information_schema' ORDER BY 1, 2, 3`;
    return relationsFromRows((await this.runQuery(sql)).rows);
  }

  async close(): Promise<void> {
    // HTTP only: nothing stays open between queries.
    this.client = undefined;
  }

  /** Submits the query and follows its result pages, announcing the columns once Trino knows them. Errors stay as thrown. */
  private async *execute(
    sql: string,
    params: readonly unknown[] | undefined,
    options: StreamQueryOptions,
    cancellation: QueryCancellation,
  ): AsyncGenerator<ResultRow[]> {
    const query = trinoStatement(sql, toQueryParams(params));
    const trino = await this.trino();
    const pages: AsyncIterable<TrinoPage> = await trino.query({ query, extraHeaders: trinoHeaders(options) });
    let columns: ResultColumn[] | undefined;
    let registered = false;
    for await (const page of pages) {
      if (!registered && page.id) {
        registered = true;
        cancellation.onStop(() => trino.cancel(page.id));
      }
      if (page.error) throw new TrinoError(page.error);
      cancellation.throwIfStopped();
      if (!columns && page.columns) {
        columns = trinoColumns(page.columns);
        options.onFields?.(fieldsOf(columns));
      }
      const described = columns;
      if (described && page.data && page.data.length > 0) yield page.data.map((values) => rowFromValues(described, values));
    }
    if (!columns) options.onFields?.({});
  }

  private trino(): Promise<Trino> {
    this.client ??= this.createClient().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  /** The SDK is loaded on first use. */
  private async createClient(): Promise<Trino> {
    const options = trinoClientOptions(this.config);
    const { BasicAuth, Trino: TrinoClient } = await import('trino-client');
    return TrinoClient.create({
      server: options.server,
      catalog: options.catalog,
      schema: options.schema,
      source: options.source,
      auth: new BasicAuth(options.user, options.password),
    });
  }
}

function trinoErrorData(error: unknown): Record<string, unknown> {
  return error instanceof TrinoError ? { errorName: error.errorName, errorCode: error.errorCode } : {};
}
