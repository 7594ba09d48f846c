import { Injectable, Optional } from '@nestjs/common';
import {
  effectiveProjectRole,
  ForbiddenError,
  hasAtLeastRole,
  NotFoundError,
  ORGANIZATION_ACTIONS,
  type OrganizationAction,
  type Principal,
  PROJECT_ACTIONS,
  type ProjectAction,
  type ProjectRole,
} from '@quarry/domain';
import { AppConfig } from '@quarry/server/config';
import { ProjectsRepository } from '@quarry/server/database';

import { AccessChanges } from './caching/access-changes';
import { ExpiringCache } from './caching/expiring-cache';

export interface ProjectRef {
  projectUuid: string;
  organizationUuid: string;
}

/** (project, user) pairs whose roles are kept: far more than one process serves at once. */
const CACHED_ROLES = 10_000;

/**
 * The one place services ask "may this caller do that?". Controllers never check roles.
 * Decisions come from the rule tables in @quarry/domain; features add rules there.
 * A user's project and group roles are cached per process (at most ACCESS_CACHE_TTL_MS); granting
 * or revoking access (a project member, a group's access, a group's members) announces `roles`,
 * which every process forgets at once, and any change of those tables (SQL included) is read from
 * the access change log within ACCESS_CHANGES_POLL_MS.
 */
@Injectable()
export class PolicyService {
  private readonly roles: ExpiringCache<string, { direct: ProjectRole | undefined; groupRoles: ProjectRole[] }>;
  private readonly cachesRoles: boolean;

  /** Without config and changes (a service built by hand in a test) nothing is cached. */
  constructor(
    private readonly projects: ProjectsRepository,
    @Optional() config?: AppConfig,
    @Optional() changes?: AccessChanges,
  ) {
    const ttlMs = changes ? (config?.accessCache.ttlMs ?? 0) : 0;
    this.roles = new ExpiringCache(ttlMs, CACHED_ROLES);
    this.cachesRoles = ttlMs > 0;
    changes?.onChange('roles', () => this.roles.clear());
  }

  can(principal: Principal, action: OrganizationAction): boolean {
    return hasAtLeastRole(principal.organizationRole, ORGANIZATION_ACTIONS[action]);
  }

  assert(principal: Principal, action: OrganizationAction): void {
    if (!this.can(principal, action)) {
      throw new ForbiddenError(`Your organization role (${principal.organizationRole}) does not allow ${action}`, {
        action,
        requiredRole: ORGANIZATION_ACTIONS[action],
      });
    }
  }

  /** The caller's effective role in a project: the highest of organization, project and group roles. */
  async projectRole(principal: Principal, project: ProjectRef): Promise<ProjectRole | undefined> {
    if (project.organizationUuid !== principal.organizationUuid) return undefined;
    const { direct, groupRoles } = await this.rolesIn(project.projectUuid, principal.userUuid);
    // The organization role comes with the caller (the token check), so it is never stale here.
    return effectiveProjectRole(principal.organizationRole, direct, groupRoles);
  }

  /**
   * Starts reading the caller's roles in a project while the project's row is still being read:
   * a request that finds both expired then waits for one round trip instead of two in a row.
   * Without caching there is nothing to start (the check reads them itself).
   */
  prefetchProjectRole(principal: Principal, projectUuid: string): void {
    if (!this.cachesRoles) return;
    // A failure here is the check's to report: it reads again.
    this.rolesIn(projectUuid, principal.userUuid).catch(() => undefined);
  }

  private rolesIn(projectUuid: string, userUuid: string): Promise<{ direct: ProjectRole | undefined; groupRoles: ProjectRole[] }> {
    return this.roles.getOrLoad(`${projectUuid}:${userUuid}`, async () => {
      const [direct, groupRoles] = await Promise.all([
        this.projects.membershipRole(projectUuid, userUuid),
        this.projects.groupRoles(projectUuid, userUuid),
      ]);
      return { direct, groupRoles };
    });
  }

  /**
   * Allows the action or throws. Callers with no role in the project get the same 404 as for a
   * project that does not exist, so project ids cannot be probed.
   */
  async assertProject(principal: Principal, project: ProjectRef, action: ProjectAction): Promise<ProjectRole> {
    const role = await this.projectRole(principal, project);
    if (!role) throw new NotFoundError('Project not found', { projectUuid: project.projectUuid });
    if (!hasAtLeastRole(role, PROJECT_ACTIONS[action])) {
      throw new ForbiddenError(`Your project role (${role}) does not allow ${action}`, { action, requiredRole: PROJECT_ACTIONS[action] });
    }
    return role;
  }
}
