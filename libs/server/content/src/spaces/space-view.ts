import type { OrganizationRole, ProjectRole, SpaceAccess, SpaceAccessSource, SpaceRole } from '@quarry/domain';

/** One user's access to a space (the wire's UserAccess / SpaceShare). */
export interface UserAccessView {
  userUuid: string;
  firstName: string;
  lastName: string;
  email: string;
  role: SpaceRole;
  hasDirectAccess: boolean;
  projectRole: ProjectRole | null;
  /**
   * The role held at the source of an inherited access: organization or project role, or the space role shared through a group or parent
   * space.
   */
  inheritedRole: OrganizationRole | SpaceRole | null;
  inheritedFrom: SpaceAccessSource | null;
}

export interface GroupAccessView {
  groupUuid: string;
  groupName: string;
  spaceRole: SpaceRole;
}

export interface BreadcrumbView {
  uuid: string;
  name: string;
  hasAccess: boolean;
}

export interface ChildSpaceView {
  organizationUuid: string;
  projectUuid: string;
  uuid: string;
  name: string;
  slug: string;
  path: string;
  parentSpaceUuid: string | null;
  isPrivate: boolean;
  inheritParentPermissions: boolean;
  /** Users with a direct share of the space. */
  access: string[];
  pinnedListUuid: string | null;
  pinnedListOrder: number | null;
  chartCount: number;
  dashboardCount: number;
}

/** A space in a list: its summary with the caller's own access. */
export interface SpaceSummaryView extends ChildSpaceView {
  userAccess: UserAccessView;
}

export interface SpaceView {
  organizationUuid: string;
  projectUuid: string;
  uuid: string;
  name: string;
  slug: string;
  path: string;
  parentSpaceUuid: string | null;
  isPrivate: boolean;
  inheritParentPermissions: boolean;
  pinnedListUuid: string | null;
  pinnedListOrder: number | null;
  queries: Array<Record<string, unknown>>;
  dashboards: Array<Record<string, unknown>>;
  childSpaces: ChildSpaceView[];
  access: UserAccessView[];
  groupsAccess: GroupAccessView[];
  breadcrumbs: BreadcrumbView[];
}

export interface AccessSubject {
  userUuid: string;
  firstName: string;
  lastName: string;
  email: string;
  organizationRole: OrganizationRole;
}

/** The UserAccess entry of a user whose access has been resolved. */
export function toUserAccessView(subject: AccessSubject, access: SpaceAccess): UserAccessView {
  return {
    userUuid: subject.userUuid,
    firstName: subject.firstName,
    lastName: subject.lastName,
    email: subject.email,
    role: access.role,
    hasDirectAccess: access.hasDirectAccess,
    projectRole: access.projectRole,
    inheritedRole: inheritedRole(subject, access),
    inheritedFrom: access.inheritedFrom ?? null,
  };
}

function inheritedRole(subject: AccessSubject, access: SpaceAccess): OrganizationRole | SpaceRole | null {
  switch (access.inheritedFrom) {
    case undefined:
      return null;
    case 'organization':
      return subject.organizationRole;
    case 'project':
    case 'group':
      return access.projectRole;
    case 'space_group':
    case 'parent_space':
      return access.role;
  }
}
