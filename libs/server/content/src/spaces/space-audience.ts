import { resolveSpaceAccess, type SpaceGrant, type SpaceNode } from '@quarry/domain';
import type { GroupMember, ProjectAudienceMember, SpaceGroupShareRow, SpaceUserShareRow } from '@quarry/server/database';

import { toUserAccessView, type UserAccessView } from './space-view';

export interface SpaceAudienceInput {
  /** The space, then the ancestors it inherits permissions from. */
  chain: readonly SpaceNode[];
  members: readonly ProjectAudienceMember[];
  userShares: readonly SpaceUserShareRow[];
  groupShares: readonly SpaceGroupShareRow[];
  groupMembers: readonly GroupMember[];
}

/**
 * Everyone who may see the space, with their role and where it comes from: the same rules as
 * for the caller, applied to each member of the organization.
 */
export function spaceAudience(input: SpaceAudienceInput): UserAccessView[] {
  const grantsByUser = new Map<string, SpaceGrant[]>();
  const add = (userUuid: string, grant: SpaceGrant) => grantsByUser.set(userUuid, [...(grantsByUser.get(userUuid) ?? []), grant]);
  for (const share of input.userShares) add(share.userUuid, { spaceUuid: share.spaceUuid, role: share.spaceRole, via: 'user' });
  for (const share of input.groupShares) {
    for (const member of input.groupMembers.filter((candidate) => candidate.groupUuid === share.groupUuid)) {
      add(member.userUuid, { spaceUuid: share.spaceUuid, role: share.spaceRole, via: 'group' });
    }
  }
  const views: UserAccessView[] = [];
  for (const member of input.members) {
    const access = resolveSpaceAccess({
      organizationRole: member.organizationRole,
      projectMembershipRole: member.projectRole ?? undefined,
      projectGroupRoles: member.groupRoles,
      chain: input.chain,
      grants: grantsByUser.get(member.userUuid) ?? [],
    });
    if (access) views.push(toUserAccessView(member, access));
  }
  return views;
}
