import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AuthModule } from '@quarry/server/auth';
import { createLoggerModule } from '@quarry/server/common';
import { ConfigModule } from '@quarry/server/config';
import { DatabaseModule } from '@quarry/server/database';
import { ExportsModule } from '@quarry/server/exports';
import { MaintenanceModule } from '@quarry/server/maintenance';
import { PreAggregatesModule } from '@quarry/server/pre-aggregates';
import { ProjectsModule } from '@quarry/server/projects';
import { QueueModule } from '@quarry/server/queue';

import { BuildPreAggregateHandler } from './handlers/build-pre-aggregate.handler';
import { CompileProjectHandler } from './handlers/compile-project.handler';
import { DownloadCsvHandler } from './handlers/download-csv.handler';
import { PurgeExpiredHandler } from './handlers/purge-expired.handler';
import { RunSqlHandler } from './handlers/run-sql.handler';
import { UploadSheetHandler } from './handlers/upload-sheet.handler';
import { JobHandlerRegistry } from './jobs/job-handler-registry';
import { JobRunner } from './jobs/job-runner';
import { MaintenanceSchedule } from './jobs/maintenance-schedule';
import { ExportsProcessor } from './processors/exports.processor';
import { MaintenanceProcessor } from './processors/maintenance.processor';
import { PreAggregatesProcessor } from './processors/pre-aggregates.processor';
import { ProjectsProcessor } from './processors/projects.processor';

const PROCESSORS = [MaintenanceProcessor, ProjectsProcessor, ExportsProcessor, PreAggregatesProcessor];
const HANDLERS = [
  PurgeExpiredHandler,
  CompileProjectHandler,
  DownloadCsvHandler,
  UploadSheetHandler,
  BuildPreAggregateHandler,
  RunSqlHandler,
];

@Module({
  imports: [
    ConfigModule.forRoot(undefined, 'worker'),
    createLoggerModule('worker'),
    DiscoveryModule,
    DatabaseModule,
    QueueModule.forRoot('worker'),
    AuthModule,
    MaintenanceModule,
    ProjectsModule,
    ExportsModule,
    PreAggregatesModule,
  ],
  providers: [JobHandlerRegistry, JobRunner, MaintenanceSchedule, ...PROCESSORS, ...HANDLERS],
})
export class WorkerModule {}
