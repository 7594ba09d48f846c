import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@quarry/server/config';

import { dataSourceOptions } from './data-source';
import { DatabaseHealth } from './database-health';
import { ENTITIES } from './entities';
import { AccessChangesRepository } from './repositories/access-changes.repository';
import { CatalogRepository } from './repositories/catalog.repository';
import { ColorPalettesRepository } from './repositories/color-palettes.repository';
import { ContentTransactions } from './repositories/content-transactions';
import { DashboardsRepository } from './repositories/dashboards.repository';
import { GroupsRepository } from './repositories/groups.repository';
import { JobsRepository } from './repositories/jobs.repository';
import { OrganizationsRepository } from './repositories/organizations.repository';
import { PinnedItemsRepository } from './repositories/pinned-items.repository';
import { PreAggregatesRepository } from './repositories/pre-aggregates.repository';
import { ProjectsRepository } from './repositories/projects.repository';
import { QueryHistoryRepository } from './repositories/query-history.repository';
import { SavedChartsRepository } from './repositories/saved-charts.repository';
import { SavedSqlChartsRepository } from './repositories/saved-sql-charts.repository';
import { SpacesRepository } from './repositories/spaces.repository';
import { TokensRepository } from './repositories/tokens.repository';
import { UsersRepository } from './repositories/users.repository';

const REPOSITORIES = [
  AccessChangesRepository,
  OrganizationsRepository,
  UsersRepository,
  TokensRepository,
  JobsRepository,
  ProjectsRepository,
  QueryHistoryRepository,
  ColorPalettesRepository,
  CatalogRepository,
  PreAggregatesRepository,
];
// Content: spaces, their shares and groups, pinned lists, saved charts, dashboards, saved SQL charts, and transactions writing several.
const CONTENT_REPOSITORIES = [
  SpacesRepository,
  GroupsRepository,
  PinnedItemsRepository,
  SavedChartsRepository,
  DashboardsRepository,
  SavedSqlChartsRepository,
  ContentTransactions,
];

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        if (!config.database.url) throw new Error('DATABASE_URL is not set');
        // Retry the first connection briefly: a database that is still starting is not a crash.
        return { ...dataSourceOptions(config.database.url), retryAttempts: 5, retryDelay: 1_000 };
      },
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  providers: [...REPOSITORIES, ...CONTENT_REPOSITORIES, DatabaseHealth],
  exports: [...REPOSITORIES, ...CONTENT_REPOSITORIES, DatabaseHealth],
})
export class DatabaseModule {}
