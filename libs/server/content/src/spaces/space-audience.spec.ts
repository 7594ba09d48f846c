import type { ProjectAudienceMember } from '@quarry/server/database';

import { spaceAudience } from './space-audience';

const member = (
  userUuid: string,
  organizationRole: ProjectAudienceMember['organizationRole'],
  projectRole: ProjectAudienceMember['projectRole'] = null,
  groupRoles: ProjectAudienceMember['groupRoles'] = [],
): ProjectAudienceMember => ({
  userUuid,
  email: `${userUuid}@example.com`,
  firstName: userUuid,
  lastName: '',
  organizationRole,
  projectRole,
  groupRoles,
});

describe('spaceAudience', () => {
  const parent = { spaceUuid: 'parent', parentSpaceUuid: null, isPrivate: true, inheritParentPermissions: false };
  const child = { spaceUuid: 'child', parentSpaceUuid: 'parent', isPrivate: false, inheritParentPermissions: true };

  it('lists admins, direct, group and parent shares of a private space, each with its source, and nobody else', () => {
    const audience = spaceAudience({
      chain: [child, parent],
      members: [
        member('org-admin', 'admin'),
        member('direct', 'viewer'),
        member('grouped', 'member', 'editor'),
        member('inherited', 'viewer'),
        member('developer', 'developer'),
        member('outsider', 'member'),
      ],
      userShares: [
        { spaceUuid: 'child', userUuid: 'direct', spaceRole: 'editor' },
        { spaceUuid: 'parent', userUuid: 'inherited', spaceRole: 'viewer' },
        { spaceUuid: 'parent', userUuid: 'outsider', spaceRole: 'admin' },
      ],
      groupShares: [{ spaceUuid: 'child', groupUuid: 'g', groupName: 'G', spaceRole: 'admin' }],
      groupMembers: [{ groupUuid: 'g', userUuid: 'grouped', email: '', firstName: '', lastName: '' }],
    });
    expect(audience.map((entry) => [entry.userUuid, entry.role, entry.inheritedFrom, entry.inheritedRole, entry.hasDirectAccess])).toEqual([
      ['org-admin', 'admin', 'organization', 'admin', false],
      ['direct', 'editor', null, null, true],
      ['grouped', 'admin', 'space_group', 'admin', false],
      ['inherited', 'viewer', 'parent_space', 'viewer', false],
    ]);
  });

  it('lists every project member of a space that is not private, with project roles through groups', () => {
    const open = { spaceUuid: 'open', parentSpaceUuid: null, isPrivate: false, inheritParentPermissions: false };
    const audience = spaceAudience({
      chain: [open],
      members: [member('viewer', 'viewer'), member('via-group', 'member', null, ['developer']), member('outsider', 'member')],
      userShares: [],
      groupShares: [],
      groupMembers: [],
    });
    expect(audience.map((entry) => [entry.userUuid, entry.role, entry.inheritedFrom, entry.projectRole])).toEqual([
      ['viewer', 'viewer', 'organization', 'viewer'],
      ['via-group', 'editor', 'group', 'developer'],
    ]);
  });
});
