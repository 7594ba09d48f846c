import { Body, Controller, Get, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { NotFoundError, type Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { ExportFiles, ExportRequestsService } from '@quarry/server/exports';
import { JobStatusService } from '@quarry/server/jobs';

import { DownloadCsvDto, ExportJobDto, UploadSheetDto } from './exports.dto';

@ApiTags('Exports')
@Controller('api/v1')
export class ExportsController {
  constructor(
    private readonly requests: ExportRequestsService,
    private readonly files: ExportFiles,
    private readonly jobs: JobStatusService,
  ) {}

  @Post('projects/:projectUuid/explores/:exploreId/downloadCsv')
  @Endpoint({
    summary: 'Export a query to CSV in the background (E6); poll the job status for its fileUrl',
    response: ExportJobDto,
    errors: [403, 404, 409, 503],
  })
  downloadCsv(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('exploreId') exploreId: string,
    @Body() body: DownloadCsvDto,
  ): Promise<ExportJobDto> {
    const { columnOrder, showTableNames, onlyRaw, hiddenFields, customLabels, pivotConfig, chartName, csvLimit, ...query } = body;
    return this.requests.downloadCsv(principal, {
      projectUuid,
      exploreId,
      metricQuery: query,
      layout: {
        columnOrder,
        showTableNames,
        onlyRaw,
        ...(hiddenFields ? { hiddenFields } : {}),
        ...(customLabels ? { customLabels } : {}),
        ...(pivotConfig ? { pivotConfig } : {}),
      },
      ...(csvLimit === undefined ? {} : { csvLimit }),
      ...(chartName === undefined ? {} : { chartName }),
    });
  }

  @Post('drive/upload-sheet')
  @Endpoint({
    summary: 'Upload a query’s results to a new Google spreadsheet in the background (E7)',
    response: ExportJobDto,
    errors: [403, 404, 409, 503],
  })
  uploadSheet(@CurrentUser() principal: Principal, @Body() body: UploadSheetDto): Promise<ExportJobDto> {
    const { projectUuid, exploreId, metricQuery, columnOrder, showTableNames, hiddenFields, customLabels, pivotConfig } = body;
    return this.requests.uploadSheet(principal, {
      projectUuid,
      exploreId,
      metricQuery,
      layout: {
        columnOrder,
        showTableNames,
        onlyRaw: false,
        ...(hiddenFields ? { hiddenFields } : {}),
        ...(customLabels ? { customLabels } : {}),
        ...(pivotConfig ? { pivotConfig } : {}),
      },
    });
  }

  @Get('projects/:projectUuid/csv/:jobId')
  @ApiProduces('text/csv')
  @Endpoint({ summary: 'Download an exported CSV file (the fileUrl of a completed export job)', errors: [404] })
  async download(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('jobId', new UuidParam('jobId')) jobId: string,
  ): Promise<StreamableFile> {
    // Whoever may read the job may read its file; anyone else gets the same 404 as for no file.
    const job = await this.jobs.get(principal, jobId);
    if (job.details.projectUuid !== projectUuid) throw new NotFoundError('This export file does not exist or has expired', { jobId });
    const file = await this.files.open(jobId);
    return new StreamableFile(file.stream, {
      type: 'text/csv; charset=utf-8',
      length: file.size,
      disposition: `attachment; filename="${file.fileName}"`,
    });
  }
}
