/** Roles in increasing order of power; a role can do everything the roles before it can. */
export const PROJECT_ROLES = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Organization roles: `member` belongs to the organization but sees no project by default. */
export const ORGANIZATION_ROLES = ['member', ...PROJECT_ROLES] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const SPACE_ROLES = ['viewer', 'editor', 'admin'] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];

const RANK: Record<OrganizationRole, number> = {
  member: 0,
  viewer: 1,
  interactive_viewer: 2,
  editor: 3,
  developer: 4,
  admin: 5,
};

export function roleRank(role: OrganizationRole): number {
  return RANK[role];
}

export function hasAtLeastRole(role: OrganizationRole | undefined, minimum: OrganizationRole): boolean {
  return role !== undefined && RANK[role] >= RANK[minimum];
}

/**
 * The role a user effectively holds in a project: the highest of the organization role, the
 * direct project role and the roles of the groups they belong to. `member` grants no project
 * access on its own, so it yields undefined when nothing else applies.
 */
export function effectiveProjectRole(
  organizationRole: OrganizationRole | undefined,
  projectRole: ProjectRole | undefined,
  groupRoles: readonly ProjectRole[] = [],
): ProjectRole | undefined {
  const candidates = [organizationRole, projectRole, ...groupRoles].filter(
    (role): role is ProjectRole => role !== undefined && role !== 'member',
  );
  if (candidates.length === 0) return undefined;
  return candidates.reduce((best, role) => (RANK[role] > RANK[best] ? role : best));
}

export function isOrganizationRole(value: unknown): value is OrganizationRole {
  return typeof value === 'string' && (ORGANIZATION_ROLES as readonly string[]).includes(value);
}
