import { Module } from '@nestjs/common';
import { QueryCoreModule } from '@quarry/server/query';

import { MetricsExplorerService } from './metrics-explorer.service';

/** The metrics explorer (E1): series planned and read through the query core. */
@Module({
  imports: [QueryCoreModule],
  providers: [MetricsExplorerService],
  exports: [MetricsExplorerService],
})
export class MetricsExplorerModule {}
