import { effectiveProjectRole, type OrganizationRole, type ProjectRole, roleRank, type SpaceRole } from './roles';

/**
 * Where a caller's space role comes from (the wire's `inheritedFrom`): their organization role,
 * their direct project role, a project role held through a group, a share of the space with one of
 * their groups, or a share of a space it inherits from. `undefined`: a direct share of the space.
 */
export type SpaceAccessSource = 'organization' | 'project' | 'group' | 'space_group' | 'parent_space';

/** A space as the access rules see it. */
export interface SpaceNode {
  spaceUuid: string;
  parentSpaceUuid: string | null;
  isPrivate: boolean;
  inheritParentPermissions: boolean;
}

/** A share of a space with a user, directly or through one of their groups. */
export interface SpaceGrant {
  spaceUuid: string;
  role: SpaceRole;
  via: 'user' | 'group';
}

export interface SpaceAccessFacts {
  organizationRole: OrganizationRole;
  /** The user's direct role in the space's project, if any. */
  projectMembershipRole: ProjectRole | undefined;
  /** The roles in the project the user holds through groups. */
  projectGroupRoles?: readonly ProjectRole[];
  /** The space first, then the ancestors whose permissions it inherits, nearest first (see `inheritanceChain`). */
  chain: readonly SpaceNode[];
  /** The user's shares on spaces of the chain (others are ignored). */
  grants: readonly SpaceGrant[];
}

export interface SpaceAccess {
  role: SpaceRole;
  /** Undefined when the role comes from a direct share of the space itself. */
  inheritedFrom: SpaceAccessSource | undefined;
  hasDirectAccess: boolean;
  /** The user's effective project role (organization or project). */
  projectRole: ProjectRole;
  /** Where the project role comes from. */
  projectRoleFrom: ProjectRoleSource;
}

export type ProjectRoleSource = 'organization' | 'project' | 'group';

const SPACE_ROLE_RANK: Record<SpaceRole, number> = { viewer: 0, editor: 1, admin: 2 };

/** On ties the most specific source is reported, so a user shared directly sees `hasDirectAccess` and no inheritance. */
const SOURCE_PREFERENCE: Array<SpaceAccessSource | undefined> = [
  undefined,
  'space_group',
  'parent_space',
  'project',
  'group',
  'organization',
];

export function hasAtLeastSpaceRole(role: SpaceRole | undefined, minimum: SpaceRole): boolean {
  return role !== undefined && SPACE_ROLE_RANK[role] >= SPACE_ROLE_RANK[minimum];
}

/** The space role a project role gives on a space that is not private. */
export function spaceRoleForProjectRole(role: ProjectRole): SpaceRole {
  if (role === 'admin') return 'admin';
  return roleRank(role) >= roleRank('editor') ? 'editor' : 'viewer';
}

/**
 * The space and the ancestors it takes permissions from: a space whose
 * `inheritParentPermissions` is set inherits its parent's, and so on up. Stops at a missing
 * parent and at a cycle (neither should exist).
 */
export function inheritanceChain(spaceUuid: string, spaces: ReadonlyMap<string, SpaceNode>): SpaceNode[] {
  const chain: SpaceNode[] = [];
  let current = spaces.get(spaceUuid);
  while (current && !chain.includes(current)) {
    chain.push(current);
    if (!current.inheritParentPermissions || !current.parentSpaceUuid) break;
    current = spaces.get(current.parentSpaceUuid);
  }
  return chain;
}

/** A space is private when it, or any space it inherits permissions from, is private. */
export function isEffectivelyPrivate(chain: readonly SpaceNode[]): boolean {
  return chain.some((space) => space.isPrivate);
}

/**
 * A user's role on a space, or undefined when they may not see it. Organization and project
 * admins are space admins everywhere; other project roles reach only spaces that are not private;
 * shares of the space (direct or through a group) and of the ancestors it inherits from add to that.
 * Without a role in the project nobody sees its spaces, whatever the shares say.
 */
export function resolveSpaceAccess(facts: SpaceAccessFacts): SpaceAccess | undefined {
  const [space] = facts.chain;
  const groupRoles = facts.projectGroupRoles ?? [];
  const projectRole = effectiveProjectRole(facts.organizationRole, facts.projectMembershipRole, groupRoles);
  if (!space || !projectRole) return undefined;
  const projectRoleFrom = projectRoleSource(facts.organizationRole, facts.projectMembershipRole, groupRoles, projectRole);

  const candidates: Array<{ role: SpaceRole; from: SpaceAccessSource | undefined }> = [];
  if (projectRole === 'admin' || !isEffectivelyPrivate(facts.chain)) {
    candidates.push({ role: spaceRoleForProjectRole(projectRole), from: projectRoleFrom });
  }
  const chainUuids = new Set(facts.chain.map((node) => node.spaceUuid));
  for (const grant of facts.grants) {
    if (!chainUuids.has(grant.spaceUuid)) continue;
    const onSpaceItself = grant.spaceUuid === space.spaceUuid;
    const from: SpaceAccessSource | undefined = !onSpaceItself ? 'parent_space' : grant.via === 'group' ? 'space_group' : undefined;
    candidates.push({ role: grant.role, from });
  }
  if (candidates.length === 0) return undefined;

  const best = candidates.reduce((winner, candidate) => {
    const byRole = SPACE_ROLE_RANK[candidate.role] - SPACE_ROLE_RANK[winner.role];
    if (byRole !== 0) return byRole > 0 ? candidate : winner;
    return SOURCE_PREFERENCE.indexOf(candidate.from) < SOURCE_PREFERENCE.indexOf(winner.from) ? candidate : winner;
  });
  const hasDirectAccess = facts.grants.some((grant) => grant.via === 'user' && grant.spaceUuid === space.spaceUuid);
  return { role: best.role, inheritedFrom: best.from, hasDirectAccess, projectRole, projectRoleFrom };
}

/** Which of organization, project and group roles gives the effective project role (the broadest on ties). */
function projectRoleSource(
  organizationRole: OrganizationRole,
  membershipRole: ProjectRole | undefined,
  groupRoles: readonly ProjectRole[],
  effective: ProjectRole,
): ProjectRoleSource {
  if (organizationRole === effective) return 'organization';
  if (membershipRole === effective) return 'project';
  return groupRoles.includes(effective) ? 'group' : 'organization';
}

/**
 * What can be done on a space and its content: the least space role and the least project role
 * needed together (a viewer of the project shared as a space editor still cannot edit). Project
 * editors and up manage spaces that are not private without being space admins.
 */
export const SPACE_ACTIONS = {
  'space:view': { spaceRole: 'viewer', projectRole: 'viewer' },
  'space:manage-content': { spaceRole: 'editor', projectRole: 'interactive_viewer' },
  'space:manage': { spaceRole: 'admin', projectRole: 'interactive_viewer', publicSpaceProjectRole: 'editor' },
} as const satisfies Record<string, { spaceRole: SpaceRole; projectRole: ProjectRole; publicSpaceProjectRole?: ProjectRole }>;

export type SpaceAction = keyof typeof SPACE_ACTIONS;

export function canOnSpace(access: SpaceAccess | undefined, isPrivate: boolean, action: SpaceAction): boolean {
  if (!access) return false;
  const rule: { spaceRole: SpaceRole; projectRole: ProjectRole; publicSpaceProjectRole?: ProjectRole } = SPACE_ACTIONS[action];
  const projectRank = roleRank(access.projectRole);
  if (rule.publicSpaceProjectRole && !isPrivate && projectRank >= roleRank(rule.publicSpaceProjectRole)) return true;
  return hasAtLeastSpaceRole(access.role, rule.spaceRole) && projectRank >= roleRank(rule.projectRole);
}
