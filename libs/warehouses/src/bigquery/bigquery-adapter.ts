import type { BigQuery, Job } from '@google-cloud/bigquery';
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
import { assembleCatalog, catalogColumnsFromRows, schemasOf } from '../catalog/assemble-catalog';
import type { BigqueryConnectionConfig } from '../connections/bigquery-connection';
import { requireText } from '../connections/require-field';
import { QueryCancellation } from '../query/query-cancellation';
import { toQueryError } from '../query/query-errors';
import { toQueryParams } from '../query/query-params';
import { batchSizeOf } from '../query/rebatch';
import { fieldsOf, type ResultColumn, rowFromRecord } from '../values/result-columns';
import { bigQueryConnectionError, isNotFound } from './bigquery-errors';
import { bigQueryClientOptions, bigQueryIdentifier, bigQueryJobOptions } from './bigquery-options';
import { bigQueryColumns, bigQueryDimensionType, type BigQueryField } from './bigquery-types';

/** BigQuery through @google-cloud/bigquery: each query is a job, read page by page. */
export class BigQueryAdapter implements WarehouseAdapter {
  readonly type = 'bigquery' as const;
  private client: Promise<BigQuery> | undefined;

  constructor(private readonly config: BigqueryConnectionConfig) {}

  async testConnection(): Promise<void> {
    const project = requireText(this.config, 'project');
    const dataset = requireText(this.config, 'dataset');
    const bigquery = await this.bigquery();
    try {
      await bigquery.dataset(dataset, { projectId: project }).get();
    } catch (error) {
      throw bigQueryConnectionError(error);
    }
    try {
      // A dry run checks the execution project lets this account run jobs, at no cost.
      await bigquery.createQueryJob({ ...bigQueryJobOptions(this.config, 'SELECT 1', [], {}), dryRun: true });
    } catch (error) {
      throw connectionError('query', `Connected, but a test query failed: ${messageOf(error)}`);
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
    const jobOptions = bigQueryJobOptions(this.config, sql, toQueryParams(params), options);
    const batchSize = batchSizeOf(options.batchSize, DEFAULT_BATCH_SIZE);
    const cancellation = QueryCancellation.watch(options);
    try {
      const bigquery = await this.bigquery();
      const [job] = await bigquery.createQueryJob(jobOptions);
      cancellation.onStop(() => job.cancel());
      let columns: ResultColumn[] | undefined;
      let pageToken: string | undefined;
      do {
        cancellation.throwIfStopped();
        const [rows, nextQuery, response] = await (job as Job).getQueryResults({
          autoPaginate: false,
          maxResults: batchSize,
          pageToken,
          wrapIntegers: true,
          parseJSON: true,
        });
        if (!columns) {
          const schemaFields = ((response as { schema?: { fields?: BigQueryField[] } } | undefined)?.schema?.fields ??
            []) as BigQueryField[];
          columns = bigQueryColumns(schemaFields);
          options.onFields?.(fieldsOf(columns));
        }
        const described = columns;
        if (rows.length > 0) yield rows.map((row) => rowFromRecord(described, row as Record<string, unknown>));
        pageToken = (nextQuery as { pageToken?: string } | null | undefined)?.pageToken ?? undefined;
      } while (pageToken);
    } catch (error) {
      throw cancellation.explain(toQueryError(error));
    } finally {
      cancellation.dispose();
    }
  }

  async getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog> {
    const rows: ResultRow[] = [];
    for (const { database, schema } of schemasOf(relations)) {
      const sql =
        `SELECT table_catalog AS \`database\`, table_schema AS \`schema\`, table_name AS \`table\`, column_name ` +
        `AS \`column\`, data_type AS native_type
        FROM ${bigQueryIdentifier(database)}.${bigQueryIdentifier(schema)}.INFORMATION_SCHEMA.COLUMNS ORDER BY table_name, ` +
        `ordinal_position`;
      try {
        rows.push(...(await this.runQuery(sql)).rows);
      } catch (error) {
        // A dataset the project does not have simply has no tables to report.
        if (!isNotFound(error) && !/Not found/i.test(messageOf(error))) throw error;
      }
    }
    return assembleCatalog(relations, catalogColumnsFromRows(rows), bigQueryDimensionType);
  }

  async listTables(): Promise<RelationRef[]> {
    const bigquery = await this.bigquery();
    const project = requireText(this.config, 'project');
    const [datasets] = await bigquery.getDatasets({ projectId: project });
    const relations: RelationRef[] = [];
    for (const dataset of datasets) {
      const [tables] = await dataset.getTables();
      for (const table of tables) relations.push({ database: project, schema: dataset.id ?? '', table: table.id ?? '' });
    }
    return relations;
  }

  async close(): Promise<void> {
    // HTTP only: nothing stays open between jobs.
    this.client = undefined;
  }

  private bigquery(): Promise<BigQuery> {
    this.client ??= this.createClient().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  /** The SDK is loaded on first use. */
  private async createClient(): Promise<BigQuery> {
    const options = bigQueryClientOptions(this.config);
    try {
      const { BigQuery: BigQueryClient } = await import('@google-cloud/bigquery');
      return new BigQueryClient(options);
    } catch (error) {
      if (error instanceof WarehouseConnectionError) throw error;
      throw bigQueryConnectionError(error);
    }
  }
}
