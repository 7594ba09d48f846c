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
import { requireText } from '../connections/require-field';
import { QueryCancellation } from '../query/query-cancellation';
import { type QueryParam, toQueryParams } from '../query/query-params';
import { batchSizeOf } from '../query/rebatch';
import { withoutTrailingSemicolons } from '../sql/sql-literals';
import { fieldsOf, rowFromValues } from '../values/result-columns';
import {
  POSTGRES_TABLES_STATEMENT,
  postgresColumnsStatement,
  redshiftColumnsStatement,
  redshiftTablesStatement,
  SCHEMA_EXISTS_STATEMENT,
  type Statement,
} from './postgres-catalog-sql';
import type { PostgresLikeConfig } from './postgres-client-config';
import { PostgresConnections } from './postgres-connections';
import { postgresQueryError } from './postgres-errors';
import { PostgresNativeCsv } from './postgres-native-csv';
import { postgresColumns, PostgresSession } from './postgres-session';
import { postgresSessionSettings } from './postgres-session-settings';
import { postgresDimensionType } from './postgres-types';

const CURSOR = 'quarry_stream';

/** Bound values as node-postgres sends them; Dates as ISO text so no local zone is involved. */
function postgresValues(params: readonly QueryParam[]): unknown[] {
  return params.map((value) => (value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : value));
}

/** PostgreSQL and Redshift (same protocol and driver; different catalog views). */
export class PostgresAdapter implements WarehouseAdapter {
  readonly type: PostgresLikeConfig['type'];
  /** Redshift has no `COPY … TO STDOUT` (it unloads to S3 only): its exports take the streamed path. */
  readonly nativeCsv: PostgresNativeCsv | undefined;
  private readonly connections: PostgresConnections;

  constructor(private readonly config: PostgresLikeConfig) {
    this.type = config.type;
    this.connections = new PostgresConnections(config);
    this.nativeCsv = config.type === 'postgres' ? new PostgresNativeCsv(config, this.connections) : undefined;
  }

  async testConnection(): Promise<void> {
    const schema = requireText(this.config, 'schema');
    const cancellation = QueryCancellation.watch({});
    let session: PostgresSession;
    try {
      session = await PostgresSession.open(this.connections, postgresSessionSettings(this.config, {}), cancellation);
    } catch (error) {
      if (error instanceof WarehouseConnectionError) throw error;
      const role = this.config.type === 'postgres' ? this.config.role : undefined;
      if (role) throw connectionError('role', `Could not switch to role "${role}": ${messageOf(error)}`);
      throw connectionError('query', `Connected, but the session could not be set up: ${messageOf(error)}`);
    }
    try {
      const { rows } = await session.query(SCHEMA_EXISTS_STATEMENT, [schema]);
      if (rows.length === 0) throw connectionError('schema', `Schema "${schema}" does not exist in database "${this.config.dbname}"`);
    } catch (error) {
      if (error instanceof WarehouseConnectionError) throw error;
      throw connectionError('query', `Connected, but a test query failed: ${messageOf(error)}`);
    } finally {
      await session.close();
      cancellation.dispose();
    }
  }

  async runQuery(sql: string, params?: readonly unknown[], options: QueryOptions = {}): Promise<QueryResult> {
    const values = postgresValues(toQueryParams(params));
    const cancellation = QueryCancellation.watch(options);
    let session: PostgresSession | undefined;
    try {
      session = await PostgresSession.open(this.connections, postgresSessionSettings(this.config, options), cancellation);
      const result = await session.query(sql, values);
      const columns = postgresColumns(result.fields);
      return { fields: fieldsOf(columns), rows: result.rows.map((row) => rowFromValues(columns, row)) };
    } catch (error) {
      throw cancellation.explain(postgresQueryError(error));
    } finally {
      await session?.close();
      cancellation.dispose();
    }
  }

  /** A server-side cursor (DECLARE … FETCH) inside the query's transaction: one batch in memory at a time. */
  async *streamQuery(sql: string, params?: readonly unknown[], options: StreamQueryOptions = {}): AsyncGenerator<ResultRow[]> {
    const values = postgresValues(toQueryParams(params));
    const batchSize = batchSizeOf(options.batchSize, DEFAULT_BATCH_SIZE);
    const cancellation = QueryCancellation.watch(options);
    let session: PostgresSession | undefined;
    try {
      session = await PostgresSession.open(this.connections, postgresSessionSettings(this.config, options), cancellation);
      await session.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${withoutTrailingSemicolons(sql)}`, values);
      let announced = false;
      for (;;) {
        cancellation.throwIfStopped();
        const batch = await session.query(`FETCH FORWARD ${batchSize} FROM ${CURSOR}`);
        const columns = postgresColumns(batch.fields);
        if (!announced) {
          options.onFields?.(fieldsOf(columns));
          announced = true;
        }
        if (batch.rows.length > 0) yield batch.rows.map((row) => rowFromValues(columns, row));
        if (batch.rows.length < batchSize) break;
      }
    } catch (error) {
      throw cancellation.explain(postgresQueryError(error));
    } finally {
      await session?.close();
      cancellation.dispose();
    }
  }

  async getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog> {
    if (relations.length === 0) return {};
    const pairs = schemasOf(relations);
    const statement =
      this.config.type === 'redshift'
        ? redshiftColumnsStatement(pairs, this.config.ra3Node === true)
        : postgresColumnsStatement([...new Set(pairs.map((pair) => pair.schema))]);
    const { rows } = await this.runQuery(statement.text, statement.values);
    return assembleCatalog(relations, catalogColumnsFromRows(rows), postgresDimensionType);
  }

  async listTables(): Promise<RelationRef[]> {
    const statement: Statement =
      this.config.type === 'redshift' ? redshiftTablesStatement(this.config.ra3Node === true) : POSTGRES_TABLES_STATEMENT;
    const { rows } = await this.runQuery(statement.text, statement.values);
    return relationsFromRows(rows);
  }

  async close(): Promise<void> {
    await this.connections.end();
  }
}
