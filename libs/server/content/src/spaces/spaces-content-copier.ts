import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SpacesRepository } from '@quarry/server/database';
import { type ProjectContentCopier,ProjectContentCopiers } from '@quarry/server/projects';

/**
 * Copies a project's spaces into a new preview project (E15 `copyContent`). Copies keep their
 * paths, so the copiers of what lives in spaces (charts, dashboards) find each space's copy by path.
 */
@Injectable()
export class SpacesContentCopier implements ProjectContentCopier, OnModuleInit {
  readonly name = 'spaces';
  readonly order = 0;

  constructor(
    private readonly spaces: SpacesRepository,
    private readonly registry: ProjectContentCopiers,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async copy(fromProjectUuid: string, toProjectUuid: string, byUserUuid: string): Promise<void> {
    await this.spaces.copyProject(fromProjectUuid, toProjectUuid, byUserUuid);
  }
}
