import { Module } from '@nestjs/common';
import { ProjectsModule } from '@quarry/server/projects';
import { QueryModule } from '@quarry/server/query';

import { CatalogEngine } from './catalog/catalog-engine';
import { SqlApiBackend } from './session/sql-api-backend';
import { SqlApiListener } from './sql-api-listener';

/** The SQL API (PostgreSQL wire protocol) of the API process; it listens only when SQL_API_PORT is set. */
@Module({
  imports: [ProjectsModule, QueryModule],
  providers: [SqlApiListener, SqlApiBackend, CatalogEngine],
})
export class SqlApiModule {}
