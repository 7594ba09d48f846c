import { Module } from '@nestjs/common';
import { SecretBox } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';

import { CachedProjects } from './cached-projects';
import { ProjectContentCopiers } from './content-copiers';
import { ProjectAccessService } from './project-access.service';
import { ProjectCompilerService } from './project-compiler.service';
import { ProjectsService } from './projects.service';
import { UserSqlGate } from './user-sql/user-sql-gate';
import { WarehouseAccess } from './warehouse-access';

@Module({
  providers: [
    { provide: SecretBox, inject: [AppConfig], useFactory: (config: AppConfig) => new SecretBox(config.secretKey as string) },
    ProjectContentCopiers,
    CachedProjects,
    WarehouseAccess,
    ProjectsService,
    ProjectAccessService,
    ProjectCompilerService,
    UserSqlGate,
  ],
  exports: [ProjectContentCopiers, ProjectsService, ProjectAccessService, ProjectCompilerService, WarehouseAccess, SecretBox, UserSqlGate],
})
export class ProjectsModule {}
