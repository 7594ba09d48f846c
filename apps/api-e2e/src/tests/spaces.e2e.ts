import { randomUUID } from 'node:crypto';

import { call } from '../support/api-client';
import { sharedQuarry } from '../support/shared-quarry';
import { PINNED_ITEM, shapeProblems, SPACE } from '../support/spec-shapes';
import { projectWithMembers, userWithToken } from '../support/users';

const { baseUrl, adminToken, organizationUuid } = sharedQuarry();

type Role = 'viewer' | 'interactive_viewer' | 'editor' | 'developer' | 'admin';
const ROLES: Role[] = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'];

interface Caller {
  userUuid: string;
  token: string;
}

let projectUuid: string;
/** The pinned list the project was created with. */
let projectPinnedListUuid: string;
/** Organization members whose only access is their project role (no extra organization admins). */
const byRole = {} as Record<Role, Caller>;
let outsider: Caller;
let counter = 0;

const spacesPath = () => `/api/v1/projects/${projectUuid}/spaces`;
const unique = (label: string) => `${label} ${process.pid}-${Date.now()}-${(counter += 1)}`;

interface SpaceResult {
  uuid: string;
  name: string;
  slug: string;
  path: string;
  [field: string]: unknown;
}

/** A space; a root space is public unless the body says (new spaces are private by default: security/content.e2e.ts). */
async function createSpace(body: Record<string, unknown>, token = adminToken): Promise<SpaceResult> {
  const response = await call(baseUrl, 'POST', spacesPath(), {
    token,
    body: body['parentSpaceUuid'] ? body : { isPrivate: false, ...body },
  });
  if (response.status !== 200) throw new Error(`create space: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.results;
}

async function getSpace(spaceUuid: string, token = adminToken) {
  return call(baseUrl, 'GET', `${spacesPath()}/${spaceUuid}`, { token });
}

beforeAll(async () => {
  const project = await projectWithMembers(unique('Spaces'));
  ({ projectUuid, outsider } = project);
  projectPinnedListUuid = project.pinnedListUuid;
  Object.assign(byRole, project.byRole);
});

describe('spaces (E2, E3) and their write side', () => {
  it('creates nested spaces with paths, breadcrumbs and child spaces in the documented shape', async () => {
    const parent = await createSpace({ name: unique('Sales Team') });
    expect(shapeProblems(parent, SPACE)).toEqual([]);
    expect(parent).toMatchObject({
      projectUuid,
      organizationUuid,
      parentSpaceUuid: null,
      isPrivate: false,
      inheritParentPermissions: false,
    });
    expect(parent.path).toBe(parent.slug.replace(/-/g, '_'));

    const child = await createSpace({ name: 'Q1 reports', parentSpaceUuid: parent.uuid });
    expect(child).toMatchObject({
      parentSpaceUuid: parent.uuid,
      slug: 'q1-reports',
      path: `${parent.path}.q1_reports`,
      inheritParentPermissions: true,
    });
    expect(child.breadcrumbs).toEqual([
      { uuid: parent.uuid, name: parent.name, hasAccess: true },
      { uuid: child.uuid, name: 'Q1 reports', hasAccess: true },
    ]);
    // A sibling with the same name gets the next free slug.
    const twin = await createSpace({ name: 'Q1 reports', parentSpaceUuid: parent.uuid });
    expect(twin.slug).toBe('q1-reports-1');

    const read = await getSpace(parent.uuid);
    expect(read.status).toBe(200);
    expect(shapeProblems(read.body.results, SPACE)).toEqual([]);
    expect(read.body.results.childSpaces.map((space: { uuid: string }) => space.uuid).sort()).toEqual([child.uuid, twin.uuid].sort());
    expect(read.body.results.childSpaces[0]).toMatchObject({ chartCount: 0, dashboardCount: 0, parentSpaceUuid: parent.uuid });

    const list = await call(baseUrl, 'GET', spacesPath(), { token: byRole.viewer.token });
    expect(list.status).toBe(200);
    const listed = list.body.results.find((space: { uuid: string }) => space.uuid === child.uuid);
    expect(listed.userAccess).toMatchObject({
      userUuid: byRole.viewer.userUuid,
      role: 'viewer',
      inheritedFrom: 'project',
      projectRole: 'viewer',
    });
  });

  it('updates a space (E2) and answers the full space', async () => {
    const space = await createSpace({ name: unique('Rename me') });
    const updated = await call(baseUrl, 'PATCH', `${spacesPath()}/${space.uuid}`, {
      token: adminToken,
      body: { name: 'Renamed', isPrivate: true },
    });
    expect(updated.status).toBe(200);
    expect(shapeProblems(updated.body.results, SPACE)).toEqual([]);
    expect(updated.body.results).toMatchObject({ uuid: space.uuid, name: 'Renamed', isPrivate: true, slug: space.slug });
  });

  it('hides private spaces (404), shows shares in access with where they come from, and shares with groups', async () => {
    const privateSpace = await createSpace({
      name: unique('Secret'),
      isPrivate: true,
      access: [{ userUuid: byRole.viewer.userUuid, role: 'editor' }],
    });
    const nested = await createSpace({ name: 'Inside', parentSpaceUuid: privateSpace.uuid });
    expect(nested.isPrivate).toBe(true);

    expect((await getSpace(privateSpace.uuid, byRole.developer.token)).status).toBe(404);
    expect((await getSpace(nested.uuid, byRole.editor.token)).status).toBe(404);
    const missing = await getSpace(randomUUID(), byRole.developer.token);
    expect(missing.status).toBe(404);
    // The same answer as for a space that does not exist: existence does not leak.
    const hiddenError = (await getSpace(privateSpace.uuid, byRole.developer.token)).body.error;
    expect({ name: hiddenError.name, message: hiddenError.message }).toEqual({
      name: missing.body.error.name,
      message: missing.body.error.message,
    });

    const seen = await getSpace(nested.uuid, byRole.viewer.token);
    expect(seen.status).toBe(200);
    const access = seen.body.results.access as Array<Record<string, unknown>>;
    expect(access.find((entry) => entry.userUuid === byRole.viewer.userUuid)).toMatchObject({
      role: 'editor',
      inheritedFrom: 'parent_space',
      hasDirectAccess: false,
    });
    expect(access.find((entry) => entry.userUuid === byRole.admin.userUuid)).toMatchObject({
      role: 'admin',
      inheritedFrom: 'project',
      inheritedRole: 'admin',
    });
    expect(access.find((entry) => entry.userUuid === byRole.developer.userUuid)).toBeUndefined();

    const group = await call(baseUrl, 'POST', '/api/v1/org/groups', {
      token: adminToken,
      body: { name: unique('Analysts'), members: [{ userUuid: byRole.developer.userUuid }] },
    });
    expect(group.status).toBe(201);
    const shared = await call(baseUrl, 'POST', `${spacesPath()}/${privateSpace.uuid}/group/share`, {
      token: adminToken,
      body: { groupUuid: group.body.results.uuid, spaceRole: 'viewer' },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.results.groupsAccess).toEqual([
      { groupUuid: group.body.results.uuid, groupName: group.body.results.name, spaceRole: 'viewer' },
    ]);
    const viaGroup = await getSpace(privateSpace.uuid, byRole.developer.token);
    expect(viaGroup.status).toBe(200);
    expect(viaGroup.body.results.access.find((entry: { userUuid: string }) => entry.userUuid === byRole.developer.userUuid)).toMatchObject({
      inheritedFrom: 'space_group',
      role: 'viewer',
    });

    const removed = await call(baseUrl, 'DELETE', `/api/v1/groups/${group.body.results.uuid}/members/${byRole.developer.userUuid}`, {
      token: adminToken,
    });
    expect(removed.status).toBe(200);
    expect((await getSpace(privateSpace.uuid, byRole.developer.token)).status).toBe(404);

    // Breadcrumbs say which ancestors the caller may open.
    const shareChildOnly = await createSpace({
      name: 'Own rules',
      parentSpaceUuid: privateSpace.uuid,
      inheritParentPermissions: false,
      isPrivate: true,
      access: [{ userUuid: byRole.editor.userUuid, role: 'viewer' }],
    });
    const crumbs = await getSpace(shareChildOnly.uuid, byRole.editor.token);
    expect(crumbs.body.results.breadcrumbs).toEqual([
      { uuid: privateSpace.uuid, name: privateSpace.name, hasAccess: false },
      { uuid: shareChildOnly.uuid, name: 'Own rules', hasAccess: true },
    ]);
  });

  it('gives project roles through groups, shown as inherited from group', async () => {
    const member = await userWithToken('member');
    expect((await call(baseUrl, 'GET', spacesPath(), { token: member.token })).status).toBe(404);
    const group = await call(baseUrl, 'POST', '/api/v1/org/groups', {
      token: adminToken,
      body: { name: unique('Editors'), members: [{ userUuid: member.userUuid }] },
    });
    const groupUuid = group.body.results.uuid as string;
    const denied = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/groupAccesses/${groupUuid}`, {
      token: byRole.developer.token,
      body: { role: 'editor' },
    });
    expect(denied.status).toBe(403);
    const granted = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/groupAccesses/${groupUuid}`, {
      token: byRole.admin.token,
      body: { role: 'editor' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.results).toEqual({ groupUuid, groupName: group.body.results.name, role: 'editor' });

    const created = await call(baseUrl, 'POST', spacesPath(), { token: member.token, body: { name: unique('Through a group') } });
    expect(created.status).toBe(200);
    const other = await createSpace({ name: unique('Public for the group') });
    const read = await getSpace(other.uuid, member.token);
    expect(read.body.results.access.find((entry: { userUuid: string }) => entry.userUuid === member.userUuid)).toMatchObject({
      role: 'editor',
      inheritedFrom: 'group',
      inheritedRole: 'editor',
      projectRole: 'editor',
    });

    expect(
      (await call(baseUrl, 'DELETE', `/api/v1/projects/${projectUuid}/groupAccesses/${groupUuid}`, { token: adminToken })).status,
    ).toBe(200);
    expect((await call(baseUrl, 'GET', spacesPath(), { token: member.token })).status).toBe(404);
  });

  it('copies inherited access when a space stops inheriting, so nobody loses it', async () => {
    const parent = await createSpace({
      name: unique('Parent'),
      isPrivate: true,
      access: [{ userUuid: byRole.interactive_viewer.userUuid, role: 'viewer' }],
    });
    const child = await createSpace({ name: 'Child', parentSpaceUuid: parent.uuid });
    const detached = await call(baseUrl, 'PATCH', `${spacesPath()}/${child.uuid}`, {
      token: adminToken,
      body: { inheritParentPermissions: false },
    });
    expect(detached.status).toBe(200);
    expect(detached.body.results).toMatchObject({ inheritParentPermissions: false, isPrivate: true });
    const entry = detached.body.results.access.find((user: { userUuid: string }) => user.userUuid === byRole.interactive_viewer.userUuid);
    expect(entry).toMatchObject({ role: 'viewer', hasDirectAccess: true, inheritedFrom: null });
  });

  it('names bad input in a 400', async () => {
    const badRole = await call(baseUrl, 'POST', spacesPath(), {
      token: adminToken,
      body: { name: 'x', access: [{ userUuid: byRole.viewer.userUuid, role: 'owner' }] },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.data).toHaveProperty(['access.0.role']);
    const noName = await call(baseUrl, 'POST', spacesPath(), { token: adminToken, body: { isPrivate: 'yes' } });
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.error.data)).toEqual(expect.arrayContaining(['name', 'isPrivate']));
    const rootInherit = await call(baseUrl, 'POST', spacesPath(), {
      token: adminToken,
      body: { name: 'x', inheritParentPermissions: true },
    });
    expect(rootInherit.status).toBe(400);
    expect((await call(baseUrl, 'GET', `${spacesPath()}/not-a-uuid`, { token: adminToken })).status).toBe(400);
    const badOrder = await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/pinned-lists/${randomUUID()}/items/order`, {
      token: adminToken,
      body: [{ type: 'folder', data: { uuid: 'x', pinnedListOrder: -1 } }],
    });
    expect(badOrder.status).toBe(400);
    expect(Object.keys(badOrder.body.error.data).sort()).toEqual(['0.data.pinnedListOrder', '0.data.uuid', '0.type']);
  });
});

describe('preview projects (E15 copyContent)', () => {
  it('copy the spaces with their paths, privacy and shares', async () => {
    const root = await createSpace({
      name: unique('Copied root'),
      isPrivate: true,
      access: [{ userUuid: byRole.viewer.userUuid, role: 'editor' }],
    });
    const child = await createSpace({ name: 'Copied child', parentSpaceUuid: root.uuid });
    const preview = await call(baseUrl, 'POST', '/api/v1/org/projects', {
      token: adminToken,
      body: {
        name: unique('Preview'),
        type: 'PREVIEW',
        transformVersion: 'v1.7',
        upstreamProjectUuid: projectUuid,
        copyWarehouseConnectionFromUpstreamProject: true,
        transformConnection: { type: 'none' },
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.results).toMatchObject({ hasContentCopy: true, contentCopyError: null });
    const previewUuid = preview.body.results.project.projectUuid as string;

    const upstreamPaths = (await call(baseUrl, 'GET', spacesPath(), { token: adminToken })).body.results
      .map((space: { path: string }) => space.path)
      .sort();
    const copied = (await call(baseUrl, 'GET', `/api/v1/projects/${previewUuid}/spaces`, { token: adminToken })).body
      .results as SpaceResult[];
    expect(copied.map((space) => space.path).sort()).toEqual(upstreamPaths);
    const copiedChild = copied.find((space) => space.path === child.path) as SpaceResult;
    expect(copiedChild.uuid).not.toBe(child.uuid);
    expect(copiedChild).toMatchObject({
      name: 'Copied child',
      isPrivate: true,
      parentSpaceUuid: copied.find((space) => space.path === root.path)?.uuid,
    });

    // The viewer's share came along; a developer (no share) still cannot see the private copy.
    await call(baseUrl, 'POST', `/api/v1/projects/${previewUuid}/access`, {
      token: adminToken,
      body: { userUuid: byRole.viewer.userUuid, role: 'viewer' },
    });
    const asViewer = await call(baseUrl, 'GET', `/api/v1/projects/${previewUuid}/spaces/${copiedChild.uuid}`, {
      token: byRole.viewer.token,
    });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.results.access.find((entry: { userUuid: string }) => entry.userUuid === byRole.viewer.userUuid)).toMatchObject({
      role: 'editor',
      inheritedFrom: 'parent_space',
    });
  });
});

describe('pinned items (E16)', () => {
  it('pins spaces, lists what the caller may see, and reorders', async () => {
    const first = await createSpace({ name: unique('Pinned A') });
    const second = await createSpace({ name: unique('Pinned B') });
    const hidden = await createSpace({ name: unique('Pinned secret'), isPrivate: true });
    const pinned = [];
    for (const space of [first, second, hidden]) {
      const response = await call(baseUrl, 'PATCH', `${spacesPath()}/${space.uuid}/pinning`, { token: byRole.admin.token });
      expect(response.status).toBe(200);
      expect(response.body.results).toMatchObject({ projectUuid, spaceUuid: space.uuid, isPinned: true });
      pinned.push(response.body.results);
    }
    const pinnedListUuid = pinned[0].pinnedListUuid as string;
    expect(pinnedListUuid).toBe(projectPinnedListUuid);
    expect(
      (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}`, { token: byRole.viewer.token })).body.results.pinnedListUuid,
    ).toBe(pinnedListUuid);
    expect(
      (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pinned-lists`, { token: byRole.viewer.token })).body.results,
    ).toEqual({ projectUuid, pinnedListUuid });

    const itemsPath = `/api/v1/projects/${projectUuid}/pinned-lists/${pinnedListUuid}/items`;
    const asViewer = await call(baseUrl, 'GET', itemsPath, { token: byRole.viewer.token });
    expect(asViewer.status).toBe(200);
    const visibleUuids = asViewer.body.results.map((item: { data: { uuid: string } }) => item.data.uuid);
    expect(visibleUuids).toEqual(expect.arrayContaining([first.uuid, second.uuid]));
    expect(visibleUuids).not.toContain(hidden.uuid);

    const order = [
      { type: 'space', data: { uuid: second.uuid, pinnedListOrder: 0 } },
      { type: 'space', data: { uuid: first.uuid, pinnedListOrder: 1 } },
      { type: 'space', data: { uuid: hidden.uuid, pinnedListOrder: 2 } },
    ];
    const reordered = await call(baseUrl, 'PATCH', `${itemsPath}/order`, { token: byRole.editor.token, body: order });
    expect(reordered.status).toBe(200);
    for (const item of reordered.body.results) expect(shapeProblems(item, PINNED_ITEM)).toEqual([]);
    const mine = reordered.body.results.filter((item: { data: { uuid: string } }) => [first.uuid, second.uuid].includes(item.data.uuid));
    expect(mine.map((item: { data: { uuid: string; pinnedListOrder: number } }) => [item.data.uuid, item.data.pinnedListOrder])).toEqual([
      [second.uuid, 0],
      [first.uuid, 1],
    ]);
    expect(reordered.body.results[0]).toMatchObject({ type: 'space', category: 'pinned' });
    expect((await getSpace(second.uuid)).body.results).toMatchObject({ pinnedListUuid, pinnedListOrder: 0 });

    const unpinned = await call(baseUrl, 'PATCH', `${spacesPath()}/${first.uuid}/pinning`, { token: byRole.editor.token });
    expect(unpinned.body.results.isPinned).toBe(false);
    expect((await getSpace(first.uuid)).body.results).toMatchObject({ pinnedListUuid: null, pinnedListOrder: null });

    const deleted = await call(baseUrl, 'DELETE', `${spacesPath()}/${second.uuid}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    const after = await call(baseUrl, 'GET', itemsPath, { token: adminToken });
    expect(after.body.results.map((item: { data: { uuid: string } }) => item.data.uuid)).toEqual([hidden.uuid]);
  });
});

describe('role matrix for spaces, groups and pins (endpoints.md roles)', () => {
  type Outcome = 200 | 403 | 404;
  interface Action {
    name: string;
    run(caller: Caller): Promise<number>;
    expected: Record<Role | 'outsider', Outcome>;
  }
  const everyone = (status: Outcome, outsiderStatus: Outcome = 404) => ({
    viewer: status,
    interactive_viewer: status,
    editor: status,
    developer: status,
    admin: status,
    outsider: outsiderStatus,
  });
  const editorsUp = { viewer: 403, interactive_viewer: 403, editor: 200, developer: 200, admin: 200, outsider: 404 } as const;
  const adminOnlyHidden = { viewer: 404, interactive_viewer: 404, editor: 404, developer: 404, admin: 200, outsider: 404 } as const;

  let listUuid: string;
  beforeAll(async () => {
    const space = await createSpace({ name: unique('For the pin list') });
    listUuid = (await call(baseUrl, 'PATCH', `${spacesPath()}/${space.uuid}/pinning`, { token: adminToken })).body.results.pinnedListUuid;
  });

  const actions: Action[] = [
    {
      name: 'list spaces',
      expected: everyone(200),
      run: async (caller) => (await call(baseUrl, 'GET', spacesPath(), { token: caller.token })).status,
    },
    {
      name: 'get a public space',
      expected: everyone(200),
      run: async (caller) => (await getSpace((await createSpace({ name: unique('Public') })).uuid, caller.token)).status,
    },
    {
      name: 'get a private space',
      expected: adminOnlyHidden,
      run: async (caller) => (await getSpace((await createSpace({ name: unique('Private'), isPrivate: true })).uuid, caller.token)).status,
    },
    {
      name: 'get a private space shared with the caller as viewer',
      expected: everyone(200),
      run: async (caller) =>
        (
          await getSpace(
            (await createSpace({ name: unique('Shared'), isPrivate: true, access: [{ userUuid: caller.userUuid, role: 'viewer' }] })).uuid,
            caller.token,
          )
        ).status,
    },
    {
      name: 'create a space',
      expected: editorsUp,
      run: async (caller) => (await call(baseUrl, 'POST', spacesPath(), { token: caller.token, body: { name: unique('Mine') } })).status,
    },
    {
      name: 'update a public space',
      expected: editorsUp,
      run: async (caller) =>
        (
          await call(baseUrl, 'PATCH', `${spacesPath()}/${(await createSpace({ name: unique('Edit') })).uuid}`, {
            token: caller.token,
            body: { name: 'Edited' },
          })
        ).status,
    },
    {
      name: 'update a private space',
      expected: adminOnlyHidden,
      run: async (caller) =>
        (
          await call(baseUrl, 'PATCH', `${spacesPath()}/${(await createSpace({ name: unique('Edit private'), isPrivate: true })).uuid}`, {
            token: caller.token,
            body: { name: 'x' },
          })
        ).status,
    },
    {
      name: 'update a private space shared with the caller as space admin',
      expected: { viewer: 403, interactive_viewer: 200, editor: 200, developer: 200, admin: 200, outsider: 404 },
      run: async (caller) => {
        const space = await createSpace({
          name: unique('Shared admin'),
          isPrivate: true,
          access: [{ userUuid: caller.userUuid, role: 'admin' }],
        });
        return (await call(baseUrl, 'PATCH', `${spacesPath()}/${space.uuid}`, { token: caller.token, body: { name: 'x' } })).status;
      },
    },
    {
      name: 'share a public space',
      expected: editorsUp,
      run: async (caller) =>
        (
          await call(baseUrl, 'POST', `${spacesPath()}/${(await createSpace({ name: unique('Share') })).uuid}/share`, {
            token: caller.token,
            body: { userUuid: byRole.viewer.userUuid, spaceRole: 'editor' },
          })
        ).status,
    },
    {
      name: 'delete a public space',
      expected: editorsUp,
      run: async (caller) =>
        (await call(baseUrl, 'DELETE', `${spacesPath()}/${(await createSpace({ name: unique('Delete') })).uuid}`, { token: caller.token }))
          .status,
    },
    {
      name: 'pin a space',
      expected: editorsUp,
      run: async (caller) =>
        (
          await call(baseUrl, 'PATCH', `${spacesPath()}/${(await createSpace({ name: unique('Pin') })).uuid}/pinning`, {
            token: caller.token,
          })
        ).status,
    },
    {
      name: 'list pinned items',
      expected: everyone(200),
      run: async (caller) =>
        (await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pinned-lists/${listUuid}/items`, { token: caller.token })).status,
    },
    {
      name: 'reorder pinned items',
      expected: editorsUp,
      run: async (caller) =>
        (
          await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/pinned-lists/${listUuid}/items/order`, {
            token: caller.token,
            body: [],
          })
        ).status,
    },
    // Groups are organization-wide: every member reads them, only organization admins manage them.
    {
      name: 'list groups',
      expected: everyone(200, 200),
      run: async (caller) => (await call(baseUrl, 'GET', '/api/v1/org/groups', { token: caller.token })).status,
    },
    {
      name: 'create a group',
      expected: { viewer: 403, interactive_viewer: 403, editor: 403, developer: 403, admin: 403, outsider: 403 },
      run: async (caller) =>
        (await call(baseUrl, 'POST', '/api/v1/org/groups', { token: caller.token, body: { name: unique('Group') } })).status,
    },
  ];

  it.each(actions.map((action) => [action.name, action] as const))('%s', async (_name, action) => {
    const outcomes: Record<string, number> = {};
    for (const role of ROLES) outcomes[role] = await action.run(byRole[role]);
    outcomes['outsider'] = await action.run(outsider);
    expect(outcomes).toEqual(action.expected);
  });

  it('lets the organization admin do every write', async () => {
    const group = await call(baseUrl, 'POST', '/api/v1/org/groups', { token: adminToken, body: { name: unique('Admin group') } });
    expect(group.status).toBe(201);
    const space = await createSpace({ name: unique('Hidden'), isPrivate: true }, byRole.editor.token);
    expect(
      (await call(baseUrl, 'PATCH', `${spacesPath()}/${space.uuid}`, { token: adminToken, body: { name: 'Seen by admins' } })).status,
    ).toBe(200);
  });
});
