import { Module } from '@nestjs/common';
import { ProjectsModule } from '@quarry/server/projects';

import { PreAggregateJobs } from './pre-aggregate-jobs.service';
import { PreAggregateRouting } from './pre-aggregate-routing';
import { PreAggregatesService } from './pre-aggregates.service';
import { RollupBuilderService } from './rollup-builder.service';
import { RollupEngine } from './rollup-duckdb.provider';
import { RollupStorageModule } from './storage/rollup-storage.module';

/** Pre-aggregates: definitions and builds, materialization (worker), routes, and routing queries to rollups (API). */
@Module({
  imports: [ProjectsModule, RollupStorageModule],
  providers: [RollupEngine, PreAggregateJobs, PreAggregatesService, RollupBuilderService, PreAggregateRouting],
  exports: [RollupEngine, PreAggregateJobs, PreAggregatesService, RollupBuilderService, PreAggregateRouting, RollupStorageModule],
})
export class PreAggregatesModule {}
