import { Injectable } from '@nestjs/common';
import { type DownloadCsvPayload, type ExportResult, JobName } from '@quarry/jobs-contracts';
import { CsvExportService } from '@quarry/server/exports';

import { HandlesJob } from '../jobs/handles-job.decorator';
import type { JobContext, JobHandler } from '../jobs/job-handler';

@Injectable()
@HandlesJob(JobName.DownloadCsv)
export class DownloadCsvHandler implements JobHandler<JobName.DownloadCsv> {
  constructor(private readonly exports: CsvExportService) {}

  handle(payload: DownloadCsvPayload, context: JobContext): Promise<ExportResult> {
    return this.exports.export(payload, context.jobId, (rowsWritten) => context.reportProgress({ progress: { rowsWritten } }));
  }
}
