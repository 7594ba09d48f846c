import { randomUUID } from 'node:crypto';

import type { Principal } from '@quarry/domain';
import type { ProjectEntity, SpaceEntity } from '@quarry/server/database';

import { ProjectSpaces } from '../spaces/project-spaces';
import type { SpaceAccessService } from '../spaces/space-access.service';
import type { SpacesService } from '../spaces/spaces.service';
import { SpacePaths } from './space-paths';

const admin: Principal = {
  userUuid: randomUUID(),
  email: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
  organizationUuid: 'org',
  organizationRole: 'admin',
  tokenUuid: 'token',
};
const developer: Principal = { ...admin, userUuid: randomUUID(), organizationRole: 'member' };

function space(path: string, isPrivate: boolean, parent?: SpaceEntity): SpaceEntity {
  return {
    spaceUuid: randomUUID(),
    projectUuid: 'p',
    parentSpaceUuid: parent?.spaceUuid ?? null,
    name: path,
    slug: path.split('.').pop() as string,
    path,
    isPrivate,
    inheritParentPermissions: Boolean(parent),
    createdByUserUuid: admin.userUuid,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

const developerView = (spaces: SpaceEntity[]) =>
  new ProjectSpaces(developer, { projectUuid: 'p', organizationUuid: 'org' } as ProjectEntity, 'developer', [], spaces, []);

describe('SpacePaths', () => {
  const hidden = space('x', true);
  const shared = space('team', false);
  const hiddenChild = space('team.secret', true, shared);

  it('plans a path held by a space the caller cannot see exactly like a free path', () => {
    const paths = new SpacePaths({} as SpacesService, {} as SpaceAccessService);
    const spaces = developerView([hidden, shared, hiddenChild]);
    const planned = (path: string) => JSON.stringify(paths.plan(spaces, path, true));
    expect(planned('x.reports').replace(/"x/g, '"ROOT')).toBe(planned('free.reports').replace(/"free/g, '"ROOT'));
    expect(paths.plan(spaces, 'x', true)).toEqual([
      { action: 'create', data: { uuid: null, name: 'x', path: 'x', parentPath: null, isPrivate: true } },
    ]);
    // A visible ancestor is kept, a hidden child under it is planned as absent.
    expect(paths.plan(spaces, 'team.secret', true).map((change) => change.data.path)).toEqual(['team.secret']);
    expect(paths.plan(spaces, 'team', true)).toEqual([]);
  });

  it('creates under the created parent, never under the hidden space, and targets the created space by uuid', async () => {
    const all = [hidden];
    const create = jest.fn(async (_principal: Principal, _project: string, request: { name: string; parentSpaceUuid: string | null }) => {
      const parent = all.find((candidate) => candidate.spaceUuid === request.parentSpaceUuid);
      // As SpacesService: the next free path among the siblings.
      const base = parent ? `${parent.path}.${request.name}` : request.name;
      const path = all.some((candidate) => candidate.path === base) ? `${base}_1` : base;
      const created = { ...space(path, true, parent), createdByUserUuid: developer.userUuid };
      all.push(created);
      return { uuid: created.spaceUuid, path };
    });
    const forProject = jest.fn(
      async () =>
        new ProjectSpaces(
          developer,
          { projectUuid: 'p', organizationUuid: 'org' } as ProjectEntity,
          'developer',
          [],
          [...all],
          [
            ...all
              .filter((candidate) => candidate !== hidden)
              .map((candidate) => ({ spaceUuid: candidate.spaceUuid, role: 'admin' as const, via: 'user' as const })),
          ],
        ),
    );
    const paths = new SpacePaths({ create } as unknown as SpacesService, { forProject } as unknown as SpaceAccessService);
    const spaces = developerView([hidden]);
    const planned = paths.plan(spaces, 'x.reports', true);

    const { target } = await paths.create(developer, spaces, 'x.reports', planned);

    expect(create.mock.calls.map((call) => call[2].parentSpaceUuid)).toEqual([null, planned[0]?.data.uuid]);
    expect(create.mock.calls.map((call) => call[2].parentSpaceUuid)).not.toContain(hidden.spaceUuid);
    expect(target.path).toBe('x_1.reports');
    expect(target.parentSpaceUuid).not.toBe(hidden.spaceUuid);
    expect(planned.map((change) => [change.data.path, change.data.parentPath])).toEqual([
      ['x_1', null],
      ['x_1.reports', 'x_1'],
    ]);
  });
});
