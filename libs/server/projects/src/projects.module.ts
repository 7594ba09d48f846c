import { Module } from '@nestjs/common';
import { SecretBox } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';

import { PROJECT_CONTENT_COPIERS } from './content-copiers';
import { ProjectAccessService } from './project-access.service';
import { ProjectCompilerService } from './project-compiler.service';
import { ProjectsService } from './projects.service';
import { WarehouseAccess } from './warehouse-access';

@Module({
  providers: [
    { provide: SecretBox, inject: [AppConfig], useFactory: (config: AppConfig) => new SecretBox(config.secretKey as string) },
    // Content features add their copiers here when they arrive.
    { provide: PROJECT_CONTENT_COPIERS, useValue: [] },
    WarehouseAccess,
    ProjectsService,
    ProjectAccessService,
    ProjectCompilerService,
  ],
  exports: [ProjectsService, ProjectAccessService, ProjectCompilerService, WarehouseAccess, SecretBox],
})
export class ProjectsModule {}
