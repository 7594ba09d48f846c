import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Principal } from '@quarry/domain';
import { SpacesRepository } from '@quarry/server/database';
import { type ProjectContentCopier, ProjectContentCopiers } from '@quarry/server/projects';

import { copyableSpaces } from './copyable-spaces';
import { SpaceAccessService } from './space-access.service';

/**
 * Copies a project's spaces into a new preview project (E15 `copyContent`): only those the
 * creator may view (see copyableSpaces). Copies keep their paths, so the copiers of what lives in
 * spaces (charts, dashboards) find each space's copy by path.
 */
@Injectable()
export class SpacesContentCopier implements ProjectContentCopier, OnModuleInit {
  private readonly logger = new Logger(SpacesContentCopier.name);
  readonly name = 'spaces';
  readonly order = 0;

  constructor(
    private readonly spaces: SpacesRepository,
    private readonly access: SpaceAccessService,
    private readonly registry: ProjectContentCopiers,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async copy(fromProjectUuid: string, toProjectUuid: string, by: Principal): Promise<void> {
    const upstream = await this.access.forProject(by, fromProjectUuid);
    const copied = copyableSpaces(upstream);
    await this.spaces.copyProject(
      fromProjectUuid,
      toProjectUuid,
      by.userUuid,
      copied.map((space) => space.spaceUuid),
    );
    const skipped = upstream.all().length - copied.length;
    // For operators only: the caller is not told how much they could not see.
    if (skipped > 0)
      this.logger.log(
        { fromProjectUuid, toProjectUuid, copied: copied.length, skipped },
        'Spaces the preview creator may not view were not copied',
      );
  }
}
