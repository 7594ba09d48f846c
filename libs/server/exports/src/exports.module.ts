import { Module } from '@nestjs/common';
import { ContentModule } from '@quarry/server/content';
import { QueryCoreModule } from '@quarry/server/query';

import { CsvExportService } from './csv-export.service';
import { ExportPrincipals } from './export-principal';
import { ExportQuery } from './export-query';
import { ExportRequestsService } from './export-requests.service';
import { ExportStorageModule } from './export-storage.module';
import { SheetExportService } from './sheet-export.service';
import { sheetsConfigProvider } from './sheets-settings';
import { SqlRunnerJob } from './sql-runner/sql-runner-job.service';
import { SqlRunnerRequestsService } from './sql-runner/sql-runner-requests.service';

/** Exports and the SQL runner: the API queues them (ExportRequestsService, ExportFiles for downloads), the worker runs them. */
@Module({
  imports: [QueryCoreModule, ExportStorageModule, ContentModule],
  providers: [
    ExportRequestsService,
    ExportPrincipals,
    ExportQuery,
    CsvExportService,
    SheetExportService,
    sheetsConfigProvider,
    SqlRunnerRequestsService,
    SqlRunnerJob,
  ],
  exports: [ExportRequestsService, ExportStorageModule, CsvExportService, SheetExportService, SqlRunnerRequestsService, SqlRunnerJob],
})
export class ExportsModule {}
