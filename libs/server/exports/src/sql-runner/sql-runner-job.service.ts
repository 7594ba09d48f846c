import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';

import { Injectable } from '@nestjs/common';
import type { Principal } from '@quarry/domain';
import type { RunSqlPayload, RunSqlResult } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { SqlChartsService } from '@quarry/server/content';
import { ProjectsService, type QueryTarget, UserSqlGate, WarehouseAccess } from '@quarry/server/projects';
import { type QueryFields, type ResultRow, toJsonSafe } from '@quarry/warehouses';

import { ExportPrincipals } from '../export-principal';
import { throttled } from '../throttled';
import { savedChartLimit } from './saved-chart-limit';
import { sqlRunnerResultsFile, sqlRunnerResultsFolder, sqlRunnerResultsUrl } from './sql-runner-files';

/**
 * The worker side of the SQL runner: runs the developer's SQL — or a saved SQL chart's, for
 * whoever may view it — as them (access and gate checked again: they may have lost them since),
 * streams the rows from the warehouse into a JSON-lines
 * file — one batch in memory at a time, at most `limit` rows, the query cancelled past them — and
 * publishes the file only once complete (a retried attempt replaces it).
 */
@Injectable()
export class SqlRunnerJob {
  constructor(
    private readonly principals: ExportPrincipals,
    private readonly projects: ProjectsService,
    private readonly gate: UserSqlGate,
    private readonly warehouses: WarehouseAccess,
    private readonly sqlCharts: SqlChartsService,
    private readonly config: AppConfig,
  ) {}

  async run(payload: RunSqlPayload, jobId: string, reportRows: (rows: number) => Promise<void>): Promise<RunSqlResult> {
    const principal = await this.principals.forJob(payload.userUuid, payload.organizationUuid);
    const { target, sql, limit } = await this.statement(principal, payload);
    const folder = sqlRunnerResultsFolder(this.config.dataDir, payload.organizationUuid, payload.projectUuid);
    await mkdir(folder, { recursive: true });
    const partial = `${sqlRunnerResultsFile(this.config.dataDir, payload.organizationUuid, payload.projectUuid, jobId)}.part`;
    const onRows = throttled(reportRows, 1_000);
    let fields: QueryFields = {};
    let rowsWritten = 0;
    let truncated = false;
    const out = createWriteStream(partial);
    try {
      await this.warehouses.with(target.warehouse, target.project.organizationUuid, async (adapter) => {
        const batches = adapter.streamQuery(sql, [], {
          batchSize: 500,
          timeoutMs: this.config.query.timeoutMs,
          onFields: (found) => (fields = found),
        });
        for await (const batch of batches) {
          const room = limit - rowsWritten;
          if (batch.length > room) truncated = true;
          const kept = batch.slice(0, room);
          if (kept.length > 0 && !out.write(jsonLines(kept))) await once(out, 'drain');
          rowsWritten += kept.length;
          onRows(rowsWritten);
          // Leaving the loop cancels the rest of the query in the warehouse.
          if (truncated) break;
        }
      });
      out.end();
      await once(out, 'finish');
    } catch (error) {
      out.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, sqlRunnerResultsFile(this.config.dataDir, payload.organizationUuid, payload.projectUuid, jobId));
    await onRows.flush(rowsWritten);
    return {
      fileUrl: sqlRunnerResultsUrl(this.config.server.siteUrl, payload.projectUuid, jobId),
      columns: Object.entries(fields).map(([reference, { type }]) => ({ reference, type })),
      truncated,
      progress: { rowsWritten },
    };
  }

  /**
   * What this job runs, checked again as its user now: ad-hoc SQL needs the developer role; a saved
   * chart needs only that they may still view it, and runs its latest saved SQL (never a value the
   * job was given), bounded by QUERY_MAX_LIMIT. Both pass the statement gate again.
   */
  private async statement(
    principal: Principal,
    payload: RunSqlPayload,
  ): Promise<{ target: Omit<QueryTarget, 'explore'>; sql: string; limit: number }> {
    if (!('savedSqlUuid' in payload)) {
      const target = await this.projects.warehouseTarget(principal, payload.projectUuid, 'sql:custom');
      await this.gate.assertQuery(principal, target.project, payload.sql, target.warehouse.type);
      return { target, sql: payload.sql, limit: payload.limit };
    }
    const chart = await this.sqlCharts.forRun(principal, payload.projectUuid, { savedSqlUuid: payload.savedSqlUuid }, false);
    const target = await this.projects.warehouseTarget(principal, payload.projectUuid, 'project:view');
    await this.gate.assertStatement(chart.sql, target.warehouse.type);
    return { target, sql: chart.sql, limit: savedChartLimit(chart.limit, this.config.query.maxLimit) };
  }
}

function jsonLines(rows: readonly ResultRow[]): string {
  return rows.map((row) => `${JSON.stringify(toJsonSafe(row))}\n`).join('');
}
