import { randomUUID } from 'node:crypto';

import type { OrganizationRole, Principal } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import {
  createDataSource,
  GroupsRepository,
  migrateDatabase,
  PinnedItemsRepository,
  ProjectsRepository,
  SpacesRepository,
  UsersRepository,
} from '@quarry/server/database';
import { ProjectContentCopiers } from '@quarry/server/projects';
import { createTestDatabase, type TestDatabase } from '@quarry/testing';
import type { DataSource } from 'typeorm';

import { SpaceAccessService } from './space-access.service';
import { NoStoredSpaceContents } from './space-contents';
import { SpacesService } from './spaces.service';
import { SpacesContentCopier } from './spaces-content-copier';

/** Integration tier: what only a real database shows — concurrent slugs, cascades, copies. */
describe('SpacesService on PostgreSQL', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let service: SpacesService;
  let spacesRepository: SpacesRepository;
  let pins: PinnedItemsRepository;
  let organizationUuid: string;

  async function user(role: OrganizationRole): Promise<Principal> {
    const userUuid = randomUUID();
    await dataSource.query(`INSERT INTO users (user_uuid, email) VALUES ($1, $2)`, [userUuid, `${userUuid}@example.com`]);
    await dataSource.query(`INSERT INTO organization_memberships (user_uuid, organization_uuid, role) VALUES ($1, $2, $3)`, [
      userUuid,
      organizationUuid,
      role,
    ]);
    return {
      userUuid,
      email: `${userUuid}@example.com`,
      firstName: '',
      lastName: '',
      organizationUuid,
      organizationRole: role,
      tokenUuid: randomUUID(),
    };
  }

  async function project(): Promise<string> {
    const projectUuid = randomUUID();
    await dataSource.query(
      `INSERT INTO projects (project_uuid, organization_uuid, name, project_type, transform_version, transform_type, transform_connection_sealed)
       VALUES ($1, $2, 'p', 'DEFAULT', 'v1.10', 'none', 'sealed')`,
      [projectUuid, organizationUuid],
    );
    return projectUuid;
  }

  beforeAll(async () => {
    database = await createTestDatabase('quarry_spaces');
    await migrateDatabase(database.url);
    dataSource = await createDataSource(database.url).initialize();
    const projects = new ProjectsRepository(dataSource);
    const policy = new PolicyService(projects);
    spacesRepository = new SpacesRepository(dataSource);
    pins = new PinnedItemsRepository(dataSource);
    service = new SpacesService(
      new SpaceAccessService(projects, spacesRepository, policy),
      spacesRepository,
      new UsersRepository(dataSource),
      new GroupsRepository(dataSource),
      pins,
      policy,
      new NoStoredSpaceContents(),
    );
    organizationUuid = randomUUID();
    await dataSource.query(`INSERT INTO organizations (organization_uuid, name) VALUES ($1, 'org')`, [organizationUuid]);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('gives concurrent spaces of the same name distinct slugs and paths', async () => {
    const admin = await user('admin');
    const projectUuid = await project();
    const created = await Promise.all(Array.from({ length: 6 }, () => service.create(admin, projectUuid, { name: 'Sales' })));
    expect(created.map((space) => space.slug).sort()).toEqual(['sales', 'sales-1', 'sales-2', 'sales-3', 'sales-4', 'sales-5']);
  });

  it('deletes a space with its sub-spaces, their shares and their pins', async () => {
    const admin = await user('admin');
    const viewer = await user('viewer');
    const projectUuid = await project();
    const parent = await service.create(admin, projectUuid, { name: 'Parent', access: [{ userUuid: viewer.userUuid, role: 'viewer' }] });
    const child = await service.create(admin, projectUuid, { name: 'Child', parentSpaceUuid: parent.uuid });
    const list = await pins.ensureList(projectUuid);
    await pins.toggle(list.pinnedListUuid, 'space', child.uuid);

    await service.delete(admin, projectUuid, parent.uuid);
    expect(await spacesRepository.listForProject(projectUuid)).toEqual([]);
    expect(await pins.items(list.pinnedListUuid)).toEqual([]);
    expect(await spacesRepository.userShares([parent.uuid, child.uuid])).toEqual([]);
  });

  it('copies a project tree with new uuids, the same paths and the shares', async () => {
    const admin = await user('admin');
    const editor = await user('editor');
    const from = await project();
    const to = await project();
    const root = await service.create(admin, from, {
      name: 'Root',
      isPrivate: true,
      access: [{ userUuid: editor.userUuid, role: 'editor' }],
    });
    const leaf = await service.create(admin, from, { name: 'Leaf', parentSpaceUuid: root.uuid });

    const copies = await spacesRepository.copyProject(from, to, admin.userUuid, [root.uuid, leaf.uuid]);
    const copied = await spacesRepository.listForProject(to);
    expect(copied.map((space) => [space.path, space.isPrivate, space.inheritParentPermissions])).toEqual([
      ['root', true, false],
      // The leaf's own flag: it is private through the root it inherits from.
      ['root.leaf', false, true],
    ]);
    expect(copied.find((space) => space.path === 'root.leaf')?.parentSpaceUuid).toBe(copies.get(root.uuid));
    expect(copies.get(leaf.uuid)).not.toBe(leaf.uuid);
    expect(
      (await spacesRepository.userShares([copies.get(root.uuid) as string])).map((share) => [share.userUuid, share.spaceRole]).sort(),
    ).toEqual(
      [
        [admin.userUuid, 'admin'],
        [editor.userUuid, 'editor'],
      ].sort(),
    );
  });

  it('copies into a preview only the spaces its creator may view, each with all its ancestors', async () => {
    const admin = await user('admin');
    const developer = await user('member');
    const from = await project();
    const to = await project();
    await dataSource.query(`INSERT INTO project_memberships (project_uuid, user_uuid, role) VALUES ($1, $2, 'developer')`, [
      from,
      developer.userUuid,
    ]);
    const open = await service.create(admin, from, { name: 'Open', isPrivate: false });
    const openChild = await service.create(admin, from, { name: 'Open child', parentSpaceUuid: open.uuid });
    const secret = await service.create(admin, from, { name: 'Secret', isPrivate: true });
    const secretChild = await service.create(admin, from, { name: 'Secret child', parentSpaceUuid: secret.uuid });
    // Shared with the developer, but under a parent they cannot see: its path would name that parent.
    await service.create(admin, from, {
      name: 'Shared under secret',
      parentSpaceUuid: secret.uuid,
      inheritParentPermissions: false,
      isPrivate: true,
      access: [{ userUuid: developer.userUuid, role: 'viewer' }],
    });
    const shared = await service.create(admin, from, {
      name: 'Shared',
      isPrivate: true,
      access: [{ userUuid: developer.userUuid, role: 'viewer' }],
    });

    const copier = new SpacesContentCopier(
      spacesRepository,
      new SpaceAccessService(new ProjectsRepository(dataSource), spacesRepository, new PolicyService(new ProjectsRepository(dataSource))),
      new ProjectContentCopiers(),
    );
    await copier.copy(from, to, developer);
    const copied = (await spacesRepository.listForProject(to)).map((space) => space.path);
    expect(copied.sort()).toEqual([open.path, openChild.path, shared.path].sort());
    expect(copied).not.toContain(secretChild.path);

    // An organization admin sees every space, so their preview holds them all.
    const adminCopy = await project();
    await copier.copy(from, adminCopy, admin);
    expect(await spacesRepository.listForProject(adminCopy)).toHaveLength(6);
  });

  it('lets an inheriting space follow its parent privacy, while one with its own rules starts as private as its parent', async () => {
    const admin = await user('admin');
    const viewer = await user('viewer');
    const projectUuid = await project();
    const parent = await service.create(admin, projectUuid, { name: 'Parent', isPrivate: true });
    const inheriting = await service.create(admin, projectUuid, { name: 'Inheriting', parentSpaceUuid: parent.uuid });
    const ownRules = await service.create(admin, projectUuid, {
      name: 'Own',
      parentSpaceUuid: parent.uuid,
      inheritParentPermissions: false,
    });
    expect([inheriting.isPrivate, ownRules.isPrivate]).toEqual([true, true]);
    await expect(service.get(viewer, projectUuid, inheriting.uuid)).rejects.toMatchObject({ name: 'NotFoundError' });

    await service.update(admin, projectUuid, parent.uuid, { isPrivate: false });
    expect((await service.get(viewer, projectUuid, inheriting.uuid)).isPrivate).toBe(false);
    await expect(service.get(viewer, projectUuid, ownRules.uuid)).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('refuses inheritance on a root space and shares with users outside the organization', async () => {
    const admin = await user('admin');
    const projectUuid = await project();
    await expect(service.create(admin, projectUuid, { name: 'Root', inheritParentPermissions: true })).rejects.toMatchObject({
      name: 'ParameterError',
    });
    const space = await service.create(admin, projectUuid, { name: 'Root' });
    await expect(service.update(admin, projectUuid, space.uuid, { inheritParentPermissions: true })).rejects.toMatchObject({
      name: 'ParameterError',
    });
    await expect(service.shareWithUser(admin, projectUuid, space.uuid, randomUUID(), 'viewer')).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    await expect(service.update(admin, projectUuid, space.uuid, { name: '   ' })).rejects.toMatchObject({ name: 'ValidationError' });
  });
});
