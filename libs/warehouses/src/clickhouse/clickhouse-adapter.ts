import { randomUUID } from 'node:crypto';

import type { ClickHouseClient, Row } from '@clickhouse/client';
import { type RelationRef, type WarehouseCatalog, WarehouseConnectionError } from '@quarry/domain';

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
import type { ClickhouseConnectionConfig } from '../connections/clickhouse-connection';
import { requireText } from '../connections/require-field';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { toQueryParams } from '../query/query-params';
import { batchSizeOf } from '../query/rebatch';
import { fieldsOf, type ResultColumn, rowFromValues } from '../values/result-columns';
import { clickHouseConnectionError } from './clickhouse-errors';
import { clickHouseClientOptions, clickHouseStatement } from './clickhouse-options';
import { clickHouseColumns, clickHouseDimensionType } from './clickhouse-types';

/** Names and types come first, then one JSON array per row: streamable, and types travel with the data. */
const FORMAT = 'JSONCompactEachRowWithNamesAndTypes';

/** ClickHouse through @clickhouse/client (HTTP). Its only level below the server is the database, our `schema`. */
export class ClickHouseAdapter implements WarehouseAdapter {
  readonly type = 'clickhouse' as const;
  private client: Promise<ClickHouseClient> | undefined;

  constructor(private readonly config: ClickhouseConnectionConfig) {}

  async testConnection(): Promise<void> {
    const client = await this.clickhouse();
    const ping = await client.ping();
    if (!ping.success) throw clickHouseConnectionError(ping.error);
    const schema = requireText(this.config, 'schema');
    try {
      const result = await client.query({
        query: 'SELECT name FROM system.databases WHERE name = {name:String}',
        query_params: { name: schema },
        format: 'JSONEachRow',
      });
      const found = await result.json<{ name: string }>();
      if (found.length === 0) throw connectionError('schema', `Database "${schema}" does not exist`);
    } catch (error) {
      if (error instanceof WarehouseConnectionError) throw error;
      throw clickHouseConnectionError(error);
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
    const statement = clickHouseStatement(sql, toQueryParams(params), options);
    const batchSize = batchSizeOf(options.batchSize, DEFAULT_BATCH_SIZE);
    const cancellation = QueryCancellation.watch(options);
    const abort = new AbortController();
    const queryId = randomUUID();
    try {
      const client = await this.clickhouse();
      cancellation.onStop(() => {
        abort.abort();
        // Also ask the server, in case the query is not read-only or the abort is not noticed.
        return client.command({ query: 'KILL QUERY WHERE query_id = {id:String} ASYNC', query_params: { id: queryId } });
      });
      const result = await client.query({ ...statement, format: FORMAT, query_id: queryId, abort_signal: abort.signal });
      let names: unknown[] | undefined;
      let columns: ResultColumn[] | undefined;
      let batch: ResultRow[] = [];
      for await (const received of result.stream() as AsyncIterable<Row[]>) {
        cancellation.throwIfStopped();
        for (const row of received) {
          const values = row.json<unknown[]>();
          if (!names) {
            names = values;
          } else if (!columns) {
            columns = clickHouseColumns(names, values);
            options.onFields?.(fieldsOf(columns));
          } else {
            batch.push(rowFromValues(columns, values));
            if (batch.length === batchSize) {
              yield batch;
              batch = [];
            }
          }
        }
      }
      if (!columns) options.onFields?.({});
      if (batch.length > 0) yield batch;
    } catch (error) {
      throw cancellation.explain(toQueryError(error, clickHouseErrorData(error)));
    } finally {
      cancellation.dispose();
    }
  }

  /**
   * ClickHouse relations name their database as the schema and have no level above it (the
   * transform project's `database` is ''), so columns are matched on schema and table for every
   * database value asked for.
   */
  async getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog> {
    if (relations.length === 0) return {};
    const schemas = [...new Set(schemasOf(relations).map((pair) => pair.schema.toLowerCase()))];
    const placeholders = schemas.map((_, i) => `$${i + 1}`).join(', ');
    const { rows } = await this.runQuery(
      'SELECT database AS `schema`, table, name AS `column`, type AS native_type FROM system.columns ' +
        `WHERE lower(database) IN (${placeholders}) ORDER BY database, table, position`,
      schemas,
    );
    const databases = [...new Set(relations.map((relation) => relation.database))];
    const columns = catalogColumnsFromRows(rows.flatMap((row) => databases.map((database) => ({ ...row, database }))));
    return assembleCatalog(relations, columns, clickHouseDimensionType);
  }

  async listTables(): Promise<RelationRef[]> {
    const { rows } = await this.runQuery(
      // Qualified: ClickHouse resolves a bare `database` anywhere in the SELECT to the '' alias.
      "SELECT '' AS `database`, t.database AS `schema`, t.name AS `table` FROM system.tables AS t " +
        "WHERE t.database NOT IN ('system', 'INFORMATION_SCHEMA', 'information_schema') ORDER BY t.database, t.name",
    );
    return relationsFromRows(rows);
  }

  async close(): Promise<void> {
    const opening = this.client;
    this.client = undefined;
    const client = await opening?.catch(() => undefined);
    await client?.close();
  }

  private clickhouse(): Promise<ClickHouseClient> {
    this.client ??= this.createClient().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  /** The SDK is loaded on first use. */
  private async createClient(): Promise<ClickHouseClient> {
    const options = clickHouseClientOptions(this.config);
    const { ClickHouseLogLevel, createClient } = await import('@clickhouse/client');
    // Failures are reported to the caller as typed errors; the SDK must not print them to the console.
    return createClient({ ...options, log: { level: ClickHouseLogLevel.OFF } });
  }
}

function clickHouseErrorData(error: unknown): Record<string, unknown> {
  const { code, type } = (error ?? {}) as { code?: unknown; type?: unknown };
  return { ...(typeof code === 'string' ? { code } : {}), ...(typeof type === 'string' ? { type } : {}) };
}
