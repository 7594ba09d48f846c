import { Injectable } from '@nestjs/common';
import { type ColumnNames, type ItemsMap, withColumnNames } from '@quarry/compiler';
import type { MetricQuery, Principal } from '@quarry/domain';
import type { ExportQueryPayload } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { WarehouseAccess } from '@quarry/server/projects';
import { QueryPlanner } from '@quarry/server/query';
import type { QueryOptions, ResultRow, WarehouseAdapter } from '@quarry/warehouses';

import { EXPORT_SORT_CUTOFF_ROWS, exportRowLimit } from './export-limits';
import { ExportPrincipals } from './export-principal';
import { limitedBatches, type RowCount } from './limited-rows';

export interface OpenedExport {
  /** The user the export runs as. */
  principal: Principal;
  query: MetricQuery;
  fields: ItemsMap;
  /** Raw rows in batches, streamed from the warehouse; iterate once. Nothing runs until iterated. */
  batches: AsyncGenerator<ResultRow[]>;
  /** The planned query (one row past `limit`), for a warehouse that writes the CSV itself instead. */
  planned: {
    sql: string;
    params: readonly unknown[];
    options: QueryOptions;
    adapter: WarehouseAdapter;
    /** SQL alias → field id, for the aliases the SQL shortened. */ columnNames: ColumnNames;
  };
  /** The most rows the export writes; undefined: all. */
  limit: number | undefined;
  /** The most bytes its file holds, whole rows only (EXPORT_MAX_BYTES); undefined: no cap. */
  maxBytes: number | undefined;
  count: RowCount;
  close: () => Promise<void>;
}

/**
 * Plans an export's query as the user who asked (permissions checked again, in the worker) and
 * streams its rows from the warehouse in batches — the result is never held in memory.
 */
@Injectable()
export class ExportQuery {
  constructor(
    private readonly principals: ExportPrincipals,
    private readonly planner: QueryPlanner,
    private readonly warehouses: WarehouseAccess,
    private readonly config: AppConfig,
  ) {}

  async open(payload: ExportQueryPayload, csvLimit: number | null | undefined, extraRowCap?: number): Promise<OpenedExport> {
    const principal = await this.principals.forJob(payload.userUuid, payload.organizationUuid);
    const query = { ...payload.metricQuery, exploreName: payload.exploreId };
    const hidden = new Set(payload.layout.hiddenFields ?? []);
    const columnCount = [...query.dimensions, ...query.metrics, ...(query.tableCalculations ?? []).map((c) => c.name)].filter(
      (id) => !hidden.has(id),
    ).length;
    let limit = exportRowLimit({
      csvLimit,
      queryLimit: query.limit,
      maxCells: this.config.exports.maxCells,
      maxRows: this.config.exports.maxRows,
      columnCount,
    });
    if (extraRowCap !== undefined) limit = limit === undefined ? extraRowCap : Math.min(limit, extraRowCap);
    const planned = await this.planner.plan(
      principal,
      payload.projectUuid,
      // One row past the limit tells whether rows were cut.
      { ...query, limit: limit === undefined ? query.limit : limit + 1 },
      { ...(payload.parameters ? { parameters: payload.parameters as Record<string, string> } : {}) },
      { action: 'export:csv', enforceLimit: false, withoutLimit: limit === undefined, sortCutoffFromRows: EXPORT_SORT_CUTOFF_ROWS },
    );
    const adapter = this.warehouses.open(planned.target.warehouse, planned.target.project.organizationUuid);
    const count: RowCount = { rows: 0, truncated: false };
    const options: QueryOptions = {
      timeoutMs: this.config.query.timeoutMs,
      ...(query.timezone ? { timezone: query.timezone } : {}),
      ...(planned.setup.length > 0 ? { setup: planned.setup } : {}),
    };
    const batches = renamedBatches(adapter.streamQuery(planned.sql, planned.params, { batchSize: 500, ...options }), planned.columnNames);
    return {
      principal,
      query,
      fields: planned.compiled.fields,
      batches: limitedBatches(batches, limit, count),
      planned: { sql: planned.sql, params: planned.params, options, adapter, columnNames: planned.columnNames },
      limit,
      maxBytes: this.config.exports.maxBytes > 0 ? this.config.exports.maxBytes : undefined,
      count,
      close: () => adapter.close(),
    };
  }
}

/** Rows keyed by field ids, where the SQL had to shorten an alias past the warehouse's limit. */
async function* renamedBatches(batches: AsyncIterable<ResultRow[]>, names: ColumnNames): AsyncGenerator<ResultRow[]> {
  if (Object.keys(names).length === 0) return yield* batches;
  for await (const batch of batches) yield batch.map((row) => withColumnNames(row, names));
}
