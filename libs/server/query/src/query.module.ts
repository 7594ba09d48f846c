import { Module } from '@nestjs/common';
import { ProjectsModule } from '@quarry/server/projects';

import { QueryService } from './query.service';
import { ResultsCache } from './results-cache';

@Module({ imports: [ProjectsModule], providers: [QueryService, ResultsCache], exports: [QueryService] })
export class QueryModule {}
