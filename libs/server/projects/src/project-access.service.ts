import { Injectable } from '@nestjs/common';
import { NotFoundError, type Principal, type ProjectRole } from '@quarry/domain';
import { AccessChanges, PolicyService } from '@quarry/server/auth';
import {
  GroupsRepository,
  type ProjectEntity,
  type ProjectGroupAccess,
  type ProjectMember,
  ProjectsRepository,
  UsersRepository,
} from '@quarry/server/database';

/** Who has a direct role in a project, or one through a group (organization roles apply on top, see PolicyService). */
@Injectable()
export class ProjectAccessService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly users: UsersRepository,
    private readonly groups: GroupsRepository,
    private readonly policy: PolicyService,
    private readonly changes: AccessChanges,
  ) {}

  async list(principal: Principal, projectUuid: string): Promise<ProjectMember[]> {
    await this.requireProject(principal, projectUuid, false);
    return this.projects.listMembers(projectUuid);
  }

  async grant(principal: Principal, projectUuid: string, userUuid: string, role: ProjectRole): Promise<ProjectMember> {
    await this.requireProject(principal, projectUuid, true);
    if (!(await this.users.findMember(principal.organizationUuid, userUuid))) {
      throw new NotFoundError('User not found in this organization', { userUuid });
    }
    await this.projects.setMembership(projectUuid, userUuid, role);
    await this.changes.announce('roles');
    return (await this.projects.listMembers(projectUuid)).find((member) => member.userUuid === userUuid) as ProjectMember;
  }

  async revoke(principal: Principal, projectUuid: string, userUuid: string): Promise<void> {
    await this.requireProject(principal, projectUuid, true);
    if (!(await this.projects.deleteMembership(projectUuid, userUuid))) {
      throw new NotFoundError('This user has no direct role in the project', { userUuid });
    }
    await this.changes.announce('roles');
  }

  async listGroups(principal: Principal, projectUuid: string): Promise<ProjectGroupAccess[]> {
    await this.requireProject(principal, projectUuid, false);
    return this.projects.listGroupAccess(projectUuid);
  }

  /** Gives every member of a group of the organization at least this role in the project. */
  async grantGroup(principal: Principal, projectUuid: string, groupUuid: string, role: ProjectRole): Promise<ProjectGroupAccess> {
    await this.requireProject(principal, projectUuid, true);
    if (!(await this.groups.find(principal.organizationUuid, groupUuid))) throw new NotFoundError('Group not found', { groupUuid });
    await this.projects.setGroupAccess(projectUuid, groupUuid, role);
    await this.changes.announce('roles');
    return (await this.projects.listGroupAccess(projectUuid)).find((access) => access.groupUuid === groupUuid) as ProjectGroupAccess;
  }

  async revokeGroup(principal: Principal, projectUuid: string, groupUuid: string): Promise<void> {
    await this.requireProject(principal, projectUuid, true);
    if (!(await this.projects.deleteGroupAccess(projectUuid, groupUuid))) {
      throw new NotFoundError('This group has no role in the project', { groupUuid });
    }
    await this.changes.announce('roles');
  }

  private async requireProject(principal: Principal, projectUuid: string, manage: boolean): Promise<ProjectEntity> {
    const project = await this.projects.findByUuid(projectUuid);
    if (!project) throw new NotFoundError('Project not found', { projectUuid });
    await this.policy.assertProject(principal, project, manage ? 'project:manage' : 'project:view');
    return project;
  }
}
