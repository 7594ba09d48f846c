import { canOnSpace, inheritanceChain, resolveSpaceAccess, type SpaceAccessFacts, type SpaceNode } from './space-access';

const root: SpaceNode = { spaceUuid: 'root', parentSpaceUuid: null, isPrivate: false, inheritParentPermissions: false };
const secret: SpaceNode = { spaceUuid: 'secret', parentSpaceUuid: null, isPrivate: true, inheritParentPermissions: false };
const inSecret: SpaceNode = { spaceUuid: 'in-secret', parentSpaceUuid: 'secret', isPrivate: false, inheritParentPermissions: true };
const deeper: SpaceNode = { spaceUuid: 'deeper', parentSpaceUuid: 'in-secret', isPrivate: false, inheritParentPermissions: true };
const ownRules: SpaceNode = { spaceUuid: 'own', parentSpaceUuid: 'secret', isPrivate: false, inheritParentPermissions: false };
const spaces = new Map([root, secret, inSecret, deeper, ownRules].map((space) => [space.spaceUuid, space]));

function facts(spaceUuid: string, overrides: Partial<SpaceAccessFacts> = {}): SpaceAccessFacts {
  return {
    organizationRole: 'viewer',
    projectMembershipRole: undefined,
    chain: inheritanceChain(spaceUuid, spaces),
    grants: [],
    ...overrides,
  };
}

describe('space access', () => {
  it('follows inheritance up to the first space with its own rules', () => {
    expect(inheritanceChain('deeper', spaces).map((space) => space.spaceUuid)).toEqual(['deeper', 'in-secret', 'secret']);
    expect(inheritanceChain('own', spaces).map((space) => space.spaceUuid)).toEqual(['own']);
    expect(inheritanceChain('missing', spaces)).toEqual([]);
  });

  it('gives project members their mapped role on spaces that are not private, naming the source', () => {
    expect(resolveSpaceAccess(facts('root'))).toMatchObject({ role: 'viewer', inheritedFrom: 'organization', hasDirectAccess: false });
    expect(resolveSpaceAccess(facts('root', { organizationRole: 'member', projectMembershipRole: 'developer' }))).toMatchObject({
      role: 'editor',
      inheritedFrom: 'project',
      projectRole: 'developer',
    });
    expect(resolveSpaceAccess(facts('own', { organizationRole: 'interactive_viewer' }))?.role).toBe('viewer');
  });

  it('counts project roles held through groups, reported as group', () => {
    expect(resolveSpaceAccess(facts('root', { organizationRole: 'member', projectGroupRoles: ['viewer', 'editor'] }))).toMatchObject({
      role: 'editor',
      inheritedFrom: 'group',
      projectRole: 'editor',
      projectRoleFrom: 'group',
    });
    expect(resolveSpaceAccess(facts('secret', { organizationRole: 'member', projectGroupRoles: ['admin'] }))).toMatchObject({
      role: 'admin',
      inheritedFrom: 'group',
    });
    expect(resolveSpaceAccess(facts('root', { organizationRole: 'editor', projectGroupRoles: ['editor'] }))).toMatchObject({
      inheritedFrom: 'organization',
    });
  });

  it('hides private spaces, and spaces inheriting from them, from everyone but admins and shares', () => {
    for (const space of ['secret', 'in-secret', 'deeper']) {
      expect(resolveSpaceAccess(facts(space, { organizationRole: 'developer' }))).toBeUndefined();
      expect(resolveSpaceAccess(facts(space, { organizationRole: 'admin' }))).toMatchObject({
        role: 'admin',
        inheritedFrom: 'organization',
      });
      expect(resolveSpaceAccess(facts(space, { organizationRole: 'member', projectMembershipRole: 'admin' }))).toMatchObject({
        role: 'admin',
        inheritedFrom: 'project',
      });
    }
  });

  it('reports shares as direct, through a group, or from a parent space', () => {
    const direct = resolveSpaceAccess(facts('secret', { grants: [{ spaceUuid: 'secret', role: 'editor', via: 'user' }] }));
    expect(direct).toMatchObject({ role: 'editor', inheritedFrom: undefined, hasDirectAccess: true });
    const group = resolveSpaceAccess(facts('secret', { grants: [{ spaceUuid: 'secret', role: 'viewer', via: 'group' }] }));
    expect(group).toMatchObject({ role: 'viewer', inheritedFrom: 'space_group', hasDirectAccess: false });
    const parent = resolveSpaceAccess(facts('deeper', { grants: [{ spaceUuid: 'secret', role: 'admin', via: 'group' }] }));
    expect(parent).toMatchObject({ role: 'admin', inheritedFrom: 'parent_space' });
    // A space with its own rules does not take its parent's shares.
    expect(
      resolveSpaceAccess(
        facts('own', {
          organizationRole: 'member',
          projectMembershipRole: 'viewer',
          grants: [{ spaceUuid: 'secret', role: 'admin', via: 'user' }],
        }),
      ),
    ).toMatchObject({
      role: 'viewer',
      inheritedFrom: 'project',
    });
  });

  it('takes the highest role, preferring the most specific source on ties', () => {
    const grants = [{ spaceUuid: 'root', role: 'editor', via: 'user' } as const];
    expect(resolveSpaceAccess(facts('root', { organizationRole: 'editor', grants }))).toMatchObject({
      role: 'editor',
      inheritedFrom: undefined,
      hasDirectAccess: true,
    });
    expect(resolveSpaceAccess(facts('root', { organizationRole: 'admin', grants }))).toMatchObject({
      role: 'admin',
      inheritedFrom: 'organization',
      hasDirectAccess: true,
    });
  });

  it('needs a role in the project whatever the shares say', () => {
    expect(
      resolveSpaceAccess(facts('secret', { organizationRole: 'member', grants: [{ spaceUuid: 'secret', role: 'admin', via: 'user' }] })),
    ).toBeUndefined();
  });

  it('needs both a space role and a project role for each action', () => {
    const viewerSharedAsAdmin = resolveSpaceAccess(facts('secret', { grants: [{ spaceUuid: 'secret', role: 'admin', via: 'user' }] }));
    expect(canOnSpace(viewerSharedAsAdmin, true, 'space:view')).toBe(true);
    expect(canOnSpace(viewerSharedAsAdmin, true, 'space:manage-content')).toBe(false);
    expect(canOnSpace(viewerSharedAsAdmin, true, 'space:manage')).toBe(false);

    const interactiveEditor = resolveSpaceAccess(
      facts('secret', { organizationRole: 'interactive_viewer', grants: [{ spaceUuid: 'secret', role: 'editor', via: 'user' }] }),
    );
    expect(canOnSpace(interactiveEditor, true, 'space:manage-content')).toBe(true);
    expect(canOnSpace(interactiveEditor, true, 'space:manage')).toBe(false);

    const editorOnPublic = resolveSpaceAccess(facts('root', { organizationRole: 'editor' }));
    expect(canOnSpace(editorOnPublic, false, 'space:manage')).toBe(true);
    const interactiveOnPublic = resolveSpaceAccess(facts('root', { organizationRole: 'interactive_viewer' }));
    expect(canOnSpace(interactiveOnPublic, false, 'space:manage-content')).toBe(false);
    expect(canOnSpace(undefined, false, 'space:view')).toBe(false);
  });
});
