import { Module } from '@nestjs/common';
import { PreAggregatesModule } from '@quarry/server/pre-aggregates';
import { ProjectsModule } from '@quarry/server/projects';

import { QueryPlanner } from './query-planner';
import { ResultsCache } from './results-cache';
import { UserQuerySlots } from './user-query-slots';
import { WarehouseReader } from './warehouse-reader';

/** Planning and reading queries: what the API's query routes and the worker's exports share. */
@Module({
  imports: [ProjectsModule, PreAggregatesModule],
  providers: [QueryPlanner, WarehouseReader, ResultsCache, UserQuerySlots],
  exports: [QueryPlanner, WarehouseReader, ProjectsModule],
})
export class QueryCoreModule {}
