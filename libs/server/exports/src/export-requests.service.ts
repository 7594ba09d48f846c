import { Injectable } from '@nestjs/common';
import { type MetricQuery, ParameterError, type Principal } from '@quarry/domain';
import { type DownloadCsvPayload, type ExportLayout, JobName, type UploadSheetPayload } from '@quarry/jobs-contracts';
import { QueryPlanner } from '@quarry/server/query';
import { JobProducer } from '@quarry/server/queue';

import { SheetExportService } from './sheet-export.service';
import { SHEETS_NOT_CONFIGURED_MESSAGE } from './sheets';

export interface CsvRequest {
  projectUuid: string;
  exploreId: string;
  metricQuery: MetricQuery;
  layout: ExportLayout;
  csvLimit?: number | null;
  chartName?: string;
}

/**
 * The API side of exports: checks what can be checked before queuing — permission, custom SQL,
 * a query that compiles — so mistakes are 4xx answers, not failed jobs; then queues the job.
 */
@Injectable()
export class ExportRequestsService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly producer: JobProducer,
    private readonly sheets: SheetExportService,
  ) {}

  async downloadCsv(principal: Principal, request: CsvRequest): Promise<{ jobId: string }> {
    await this.check(principal, request.projectUuid, request.exploreId, request.metricQuery);
    const payload: DownloadCsvPayload = {
      ...this.basePayload(principal, request),
      ...(request.csvLimit === undefined ? {} : { csvLimit: request.csvLimit }),
      ...(request.chartName === undefined ? {} : { chartName: request.chartName }),
    };
    return { jobId: await this.producer.enqueue(JobName.DownloadCsv, payload, owner(principal, request.projectUuid)) };
  }

  /**
   * E7. Without Sheets configuration the request fails at once, rather than as a job — after the
   * project, explore and query are checked, so a missing one is a 404 either way.
   */
  async uploadSheet(principal: Principal, request: Omit<CsvRequest, 'csvLimit' | 'chartName'>): Promise<{ jobId: string }> {
    await this.check(principal, request.projectUuid, request.exploreId, request.metricQuery, 'metricQuery.');
    if (!this.sheets.configured) throw new ParameterError(SHEETS_NOT_CONFIGURED_MESSAGE, { sheets: 'not configured' });
    return {
      jobId: await this.producer.enqueue(JobName.UploadSheet, this.basePayload(principal, request), owner(principal, request.projectUuid)),
    };
  }

  /** `fieldPrefix`: where the metric query sits in the body, to name a refused fragment. */
  private async check(principal: Principal, projectUuid: string, exploreId: string, query: MetricQuery, fieldPrefix = ''): Promise<void> {
    await this.planner.plan(
      principal,
      projectUuid,
      { ...query, exploreName: exploreId },
      {},
      { action: 'export:csv', enforceLimit: false, fieldPrefix },
    );
  }

  private basePayload(principal: Principal, request: Omit<CsvRequest, 'csvLimit' | 'chartName'>): UploadSheetPayload {
    return {
      userUuid: principal.userUuid,
      organizationUuid: principal.organizationUuid,
      projectUuid: request.projectUuid,
      exploreId: request.exploreId,
      metricQuery: { ...request.metricQuery, exploreName: request.exploreId },
      layout: request.layout,
    };
  }
}

function owner(principal: Principal, projectUuid: string) {
  return { createdByUserUuid: principal.userUuid, organizationUuid: principal.organizationUuid, projectUuid };
}
