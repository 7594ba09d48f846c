import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AuthModule } from '@quarry/server/auth';
import { createLoggerModule } from '@quarry/server/common';
import { ConfigModule } from '@quarry/server/config';
import { DatabaseModule } from '@quarry/server/database';
import { MaintenanceModule } from '@quarry/server/maintenance';
import { ProjectsModule } from '@quarry/server/projects';
import { QueueModule } from '@quarry/server/queue';

import { CompileProjectHandler } from './handlers/compile-project.handler';
import { PurgeExpiredHandler } from './handlers/purge-expired.handler';
import { JobHandlerRegistry } from './jobs/job-handler-registry';
import { JobRunner } from './jobs/job-runner';
import { MaintenanceSchedule } from './jobs/maintenance-schedule';
import { MaintenanceProcessor } from './processors/maintenance.processor';
import { ProjectsProcessor } from './processors/projects.processor';

const PROCESSORS = [MaintenanceProcessor, ProjectsProcessor];
const HANDLERS = [PurgeExpiredHandler, CompileProjectHandler];

@Module({
  imports: [
    ConfigModule.forRoot(),
    createLoggerModule('worker'),
    DiscoveryModule,
    DatabaseModule,
    QueueModule.forRoot('worker'),
    AuthModule,
    MaintenanceModule,
    ProjectsModule,
  ],
  providers: [JobHandlerRegistry, JobRunner, MaintenanceSchedule, ...PROCESSORS, ...HANDLERS],
})
export class WorkerModule {}
