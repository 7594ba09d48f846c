import { Module } from '@nestjs/common';

import { AsyncQueryService } from './async-query.service';
import { QueryService } from './query.service';
import { QueryCancellation } from './query-cancellation';
import { QueryCoreModule } from './query-core.module';
import { QueryResultsStore } from './query-results-store';

/** The API's query routes: E4, E5 and the v2 queries (E12). */
@Module({
  imports: [QueryCoreModule],
  providers: [QueryService, AsyncQueryService, QueryResultsStore, QueryCancellation],
  exports: [QueryService, AsyncQueryService],
})
export class QueryModule {}
