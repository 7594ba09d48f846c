import { Injectable } from '@nestjs/common';
import { NotFoundError, type Principal, type SpaceAction } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import { type ProjectEntity, ProjectsRepository, type SpaceEntity, SpacesRepository } from '@quarry/server/database';

import { ProjectSpaces } from './project-spaces';

/**
 * The space access policy: which spaces of a project a caller may see and what they may do in
 * them, from the rule tables in @quarry/domain (`resolveSpaceAccess`, `SPACE_ACTIONS`). Charts,
 * dashboards and pins ask here before reading or writing anything that lives in a space.
 */
@Injectable()
export class SpaceAccessService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly spaces: SpacesRepository,
    private readonly policy: PolicyService,
  ) {}

  /**
   * The caller's view of a project's spaces. A project they have no role in answers 404, like
   * one that does not exist.
   */
  async forProject(principal: Principal, projectUuid: string): Promise<ProjectSpaces> {
    const project = await this.projects.findByUuid(projectUuid);
    if (!project) throw new NotFoundError('Project not found', { projectUuid });
    await this.policy.assertProject(principal, project, 'project:view');
    return this.load(principal, project);
  }

  /** The space when the caller may do `action` on it: 404 when they may not see it, 403 when they see it but may not. */
  async assertSpace(
    principal: Principal,
    projectUuid: string,
    spaceUuid: string,
    action: SpaceAction,
  ): Promise<{ spaces: ProjectSpaces; space: SpaceEntity }> {
    const spaces = await this.forProject(principal, projectUuid);
    return { spaces, space: spaces.assert(spaceUuid, action) };
  }

  /** The spaces of a project the caller may see (for filtering lists). */
  async visibleSpaces(principal: Principal, projectUuid: string): Promise<SpaceEntity[]> {
    return (await this.forProject(principal, projectUuid)).visible();
  }

  private async load(principal: Principal, project: ProjectEntity): Promise<ProjectSpaces> {
    const [membershipRole, groupRoles, spaces, grants] = await Promise.all([
      this.projects.membershipRole(project.projectUuid, principal.userUuid),
      this.projects.groupRoles(project.projectUuid, principal.userUuid),
      this.spaces.listForProject(project.projectUuid),
      this.spaces.userGrants(project.projectUuid, principal.userUuid),
    ]);
    return new ProjectSpaces(principal, project, membershipRole, groupRoles, spaces, grants);
  }
}
