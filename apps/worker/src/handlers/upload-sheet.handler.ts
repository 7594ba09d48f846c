import { Injectable } from '@nestjs/common';
import { type ExportResult, JobName, type UploadSheetPayload } from '@quarry/jobs-contracts';
import { SheetExportService } from '@quarry/server/exports';

import { HandlesJob } from '../jobs/handles-job.decorator';
import type { JobContext, JobHandler } from '../jobs/job-handler';

@Injectable()
@HandlesJob(JobName.UploadSheet)
export class UploadSheetHandler implements JobHandler<JobName.UploadSheet> {
  constructor(private readonly sheets: SheetExportService) {}

  handle(payload: UploadSheetPayload, context: JobContext): Promise<ExportResult> {
    return this.sheets.export(payload, (rowsWritten) => context.reportProgress({ progress: { rowsWritten } }));
  }
}
