import {
  canOnSpace,
  ForbiddenError,
  inheritanceChain,
  isEffectivelyPrivate,
  NotFoundError,
  type Principal,
  type ProjectRole,
  resolveSpaceAccess,
  SPACE_ACTIONS,
  type SpaceAccess,
  type SpaceAction,
  type SpaceGrant,
  type SpaceNode,
} from '@quarry/domain';
import type { ProjectEntity, SpaceEntity } from '@quarry/server/database';

/**
 * One caller's view of a project's spaces, loaded once per request: every space of the project
 * and the caller's shares, so deciding access to many spaces (filtering a list) costs no more queries.
 */
export class ProjectSpaces {
  private readonly byUuid: ReadonlyMap<string, SpaceEntity>;
  private readonly accessCache = new Map<string, SpaceAccess | undefined>();

  constructor(
    readonly principal: Principal,
    readonly project: ProjectEntity,
    readonly projectMembershipRole: ProjectRole | undefined,
    readonly projectGroupRoles: readonly ProjectRole[],
    spaces: readonly SpaceEntity[],
    private readonly grants: readonly SpaceGrant[],
  ) {
    this.byUuid = new Map(spaces.map((space) => [space.spaceUuid, space]));
  }

  get projectUuid(): string {
    return this.project.projectUuid;
  }

  /** Every space of the project, visible or not (for decisions, never for responses). */
  all(): SpaceEntity[] {
    return [...this.byUuid.values()];
  }

  find(spaceUuid: string): SpaceEntity | undefined {
    return this.byUuid.get(spaceUuid);
  }

  /** The space, then the ancestors it takes permissions from. */
  chain(spaceUuid: string): SpaceNode[] {
    return inheritanceChain(spaceUuid, this.byUuid);
  }

  /** The space's ancestors from the root down, then the space itself. */
  lineage(spaceUuid: string): SpaceEntity[] {
    const lineage: SpaceEntity[] = [];
    let current = this.byUuid.get(spaceUuid);
    while (current && !lineage.includes(current)) {
      lineage.unshift(current);
      current = current.parentSpaceUuid ? this.byUuid.get(current.parentSpaceUuid) : undefined;
    }
    return lineage;
  }

  children(spaceUuid: string | null): SpaceEntity[] {
    return this.all().filter((space) => space.parentSpaceUuid === spaceUuid);
  }

  isPrivate(spaceUuid: string): boolean {
    return isEffectivelyPrivate(this.chain(spaceUuid));
  }

  /** The caller's role on the space and where it comes from; undefined when they may not see it. */
  access(spaceUuid: string): SpaceAccess | undefined {
    if (!this.accessCache.has(spaceUuid)) {
      const access = resolveSpaceAccess({
        organizationRole: this.principal.organizationRole,
        projectMembershipRole: this.projectMembershipRole,
        projectGroupRoles: this.projectGroupRoles,
        chain: this.chain(spaceUuid),
        grants: this.grants,
      });
      this.accessCache.set(spaceUuid, access);
    }
    return this.accessCache.get(spaceUuid);
  }

  can(spaceUuid: string, action: SpaceAction): boolean {
    return canOnSpace(this.access(spaceUuid), this.isPrivate(spaceUuid), action);
  }

  /** The spaces the caller may see, in path order. */
  visible(): SpaceEntity[] {
    return this.all()
      .filter((space) => this.access(space.spaceUuid) !== undefined)
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /**
   * Where content goes when a request names no space, as the reference: its first root space the
   * caller may write to, "first" being the oldest (then the lowest uuid), so the choice is stable.
   * Undefined when the caller can write to no root space.
   */
  firstWritableRoot(): SpaceEntity | undefined {
    return this.all()
      .filter((space) => space.parentSpaceUuid === null && this.can(space.spaceUuid, 'space:manage-content'))
      .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.spaceUuid.localeCompare(b.spaceUuid))[0];
  }

  /**
   * The space if the caller may do `action` on it. A space they may not see answers 404 like a
   * missing one, so private spaces cannot be probed; a visible one they may not change answers 403.
   */
  assert(spaceUuid: string, action: SpaceAction): SpaceEntity {
    const space = this.byUuid.get(spaceUuid);
    const access = space ? this.access(spaceUuid) : undefined;
    if (!space || !access) throw new NotFoundError('Space not found', { spaceUuid });
    if (!this.can(spaceUuid, action)) {
      const rule = SPACE_ACTIONS[action];
      throw new ForbiddenError(`Your role in this space (${access.role}, project role ${access.projectRole}) does not allow ${action}`, {
        action,
        requiredSpaceRole: rule.spaceRole,
      });
    }
    return space;
  }
}
