import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ApiKeyGuard, AuthModule } from '@quarry/server/auth';
import { CatalogModule } from '@quarry/server/catalog';
import { createLoggerModule, ErrorEnvelopeFilter } from '@quarry/server/common';
import { ConfigModule } from '@quarry/server/config';
import { ContentModule } from '@quarry/server/content';
import { DatabaseModule } from '@quarry/server/database';
import { ExportsModule } from '@quarry/server/exports';
import { JobsModule } from '@quarry/server/jobs';
import { MaintenanceModule } from '@quarry/server/maintenance';
import { MetricsExplorerModule } from '@quarry/server/metrics-explorer';
import { PreAggregatesModule } from '@quarry/server/pre-aggregates';
import { ProjectsModule } from '@quarry/server/projects';
import { QueryModule } from '@quarry/server/query';
import { QueueModule } from '@quarry/server/queue';
import { SqlApiModule } from '@quarry/server/sql-api';

import { CatalogController } from './catalog/catalog.controller';
import { ChartsController } from './content/charts.controller';
import { ChartsAsCodeController } from './content/charts-as-code.controller';
import { ColorPalettesController } from './content/color-palettes.controller';
import { DashboardsController } from './content/dashboards.controller';
import { DashboardsAsCodeController } from './content/dashboards-as-code.controller';
import { GroupsController } from './content/groups.controller';
import { PinsController } from './content/pins.controller';
import { PromotionController } from './content/promotion.controller';
import { SpacesController } from './content/spaces.controller';
import { SqlChartsController } from './content/sql-charts.controller';
import { ExportsController } from './exports/exports.controller';
import { HealthController } from './health/health.controller';
import { JobsController } from './jobs/jobs.controller';
import { MaintenanceController } from './maintenance/maintenance.controller';
import { MetricsExplorerController } from './metrics-explorer/metrics-explorer.controller';
import { OrganizationController } from './organization/organization.controller';
import { PreAggregatesController } from './pre-aggregates/pre-aggregates.controller';
import { ProjectAccessController } from './projects/project-access.controller';
import { ProjectGroupAccessController } from './projects/project-group-access.controller';
import { ProjectsController } from './projects/projects.controller';
import { QueryController } from './query/query.controller';
import { V2QueryController } from './query/v2-query.controller';
import { SavedSqlRunsController } from './sql-runner/saved-sql-runs.controller';
import { SqlRunnerController } from './sql-runner/sql-runner.controller';
import { UserController } from './user/user.controller';

@Module({
  imports: [
    ConfigModule.forRoot(),
    createLoggerModule('api'),
    DatabaseModule,
    QueueModule.forRoot('producer'),
    AuthModule,
    JobsModule,
    MaintenanceModule,
    ProjectsModule,
    QueryModule,
    ExportsModule,
    ContentModule,
    CatalogModule,
    MetricsExplorerModule,
    PreAggregatesModule,
    SqlApiModule,
  ],
  controllers: [
    HealthController,
    UserController,
    OrganizationController,
    JobsController,
    MaintenanceController,
    ProjectsController,
    ProjectAccessController,
    ProjectGroupAccessController,
    QueryController,
    V2QueryController,
    ExportsController,
    ColorPalettesController,
    SpacesController,
    GroupsController,
    PinsController,
    ChartsController,
    DashboardsController,
    SqlChartsController,
    ChartsAsCodeController,
    DashboardsAsCodeController,
    PromotionController,
    CatalogController,
    MetricsExplorerController,
    PreAggregatesController,
    SqlRunnerController,
    SavedSqlRunsController,
  ],
  providers: [
    { provide: APP_GUARD, useExisting: ApiKeyGuard },
    { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
  ],
})
export class AppModule {}
