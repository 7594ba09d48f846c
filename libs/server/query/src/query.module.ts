import { Module } from '@nestjs/common';
import { ProjectsModule } from '@quarry/server/projects';

import { AsyncQueryService } from './async-query.service';
import { QueryService } from './query.service';
import { QueryCancellation } from './query-cancellation';
import { QueryPlanner } from './query-planner';
import { QueryResultsStore } from './query-results-store';
import { ResultsCache } from './results-cache';
import { WarehouseReader } from './warehouse-reader';

@Module({
  imports: [ProjectsModule],
  providers: [QueryService, AsyncQueryService, QueryPlanner, WarehouseReader, ResultsCache, QueryResultsStore, QueryCancellation],
  exports: [QueryService, AsyncQueryService],
})
export class QueryModule {}
