import { randomUUID } from 'node:crypto';

import type { OrganizationRole, Principal, ProjectRole } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import {
  createDataSource,
  GroupsRepository,
  migrateDatabase,
  ProjectsRepository,
  type SpaceEntity,
  SpacesRepository,
} from '@quarry/server/database';
import { createTestDatabase, type TestDatabase } from '@quarry/testing';
import type { DataSource } from 'typeorm';

import { SpaceAccessService } from './space-access.service';

/** Integration tier: the access policy over real shares, groups and nested spaces on PostgreSQL. */
describe('SpaceAccessService on PostgreSQL', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let spaces: SpacesRepository;
  let groups: GroupsRepository;
  let projects: ProjectsRepository;
  let service: SpaceAccessService;
  let organizationUuid: string;
  let projectUuid: string;

  async function user(organizationRole: OrganizationRole, projectRole?: ProjectRole): Promise<Principal> {
    const userUuid = randomUUID();
    const email = `${userUuid}@example.com`;
    await dataSource.query(`INSERT INTO users (user_uuid, email) VALUES ($1, $2)`, [userUuid, email]);
    await dataSource.query(`INSERT INTO organization_memberships (user_uuid, organization_uuid, role) VALUES ($1, $2, $3)`, [
      userUuid,
      organizationUuid,
      organizationRole,
    ]);
    if (projectRole) await projects.setMembership(projectUuid, userUuid, projectRole);
    return { userUuid, email, firstName: '', lastName: '', organizationUuid, organizationRole, tokenUuid: randomUUID() };
  }

  async function space(name: string, options: { parent?: SpaceEntity; isPrivate?: boolean; inherit?: boolean } = {}): Promise<SpaceEntity> {
    const slug = name.toLowerCase();
    return spaces.create(
      {
        spaceUuid: randomUUID(),
        projectUuid,
        parentSpaceUuid: options.parent?.spaceUuid ?? null,
        name,
        slug,
        path: options.parent ? `${options.parent.path}.${slug}` : slug,
        isPrivate: options.isPrivate ?? false,
        inheritParentPermissions: options.inherit ?? Boolean(options.parent),
        createdByUserUuid: null,
      },
      [],
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase('quarry_space_access');
    await migrateDatabase(database.url);
    dataSource = await createDataSource(database.url).initialize();
    spaces = new SpacesRepository(dataSource);
    groups = new GroupsRepository(dataSource);
    projects = new ProjectsRepository(dataSource);
    service = new SpaceAccessService(projects, spaces, new PolicyService(projects));
    organizationUuid = randomUUID();
    projectUuid = randomUUID();
    await dataSource.query(`INSERT INTO organizations (organization_uuid, name) VALUES ($1, 'org')`, [organizationUuid]);
    await dataSource.query(
      `INSERT INTO projects (project_uuid, organization_uuid, name, project_type, transform_version, transform_type, transform_connection_sealed)
       VALUES ($1, $2, 'p', 'DEFAULT', 'v1.10', 'none', 'sealed')`,
      [projectUuid, organizationUuid],
    );
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('answers 404 for private spaces a caller cannot see and 403 for visible ones they cannot change', async () => {
    const open = await space('Open');
    const secret = await space('Secret', { isPrivate: true });
    const nested = await space('Nested', { parent: secret });
    const viewer = await user('viewer');
    const developer = await user('developer');
    const admin = await user('admin');

    await expect(service.assertSpace(viewer, projectUuid, secret.spaceUuid, 'space:view')).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(service.assertSpace(developer, projectUuid, nested.spaceUuid, 'space:view')).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    await expect(service.assertSpace(viewer, projectUuid, open.spaceUuid, 'space:manage-content')).rejects.toMatchObject({
      name: 'ForbiddenError',
    });
    await expect(service.assertSpace(viewer, projectUuid, randomUUID(), 'space:view')).rejects.toMatchObject({ name: 'NotFoundError' });
    expect((await service.assertSpace(developer, projectUuid, open.spaceUuid, 'space:manage')).space.spaceUuid).toBe(open.spaceUuid);
    const { spaces: adminView } = await service.assertSpace(admin, projectUuid, nested.spaceUuid, 'space:manage');
    expect(adminView.access(nested.spaceUuid)).toMatchObject({ role: 'admin', inheritedFrom: 'organization' });
  });

  it('grants access through direct shares, group shares and parent spaces, and lists only visible spaces', async () => {
    const team = await space('Team', { isPrivate: true });
    const child = await space('Child', { parent: team });
    const ownRules = await space('Own', { parent: team, inherit: false, isPrivate: true });
    const direct = await user('member', 'interactive_viewer');
    const grouped = await user('viewer');
    const group = await groups.create({ groupUuid: randomUUID(), organizationUuid, name: `g-${randomUUID()}`, createdByUserUuid: null }, [
      grouped.userUuid,
    ]);
    await spaces.setUserShare(team.spaceUuid, { userUuid: direct.userUuid, spaceRole: 'editor' });
    await spaces.setGroupShare(team.spaceUuid, { groupUuid: group.groupUuid, spaceRole: 'viewer' });

    const directView = await service.forProject(direct, projectUuid);
    expect(directView.access(team.spaceUuid)).toMatchObject({
      role: 'editor',
      inheritedFrom: undefined,
      hasDirectAccess: true,
      projectRole: 'interactive_viewer',
    });
    expect(directView.access(child.spaceUuid)).toMatchObject({ role: 'editor', inheritedFrom: 'parent_space', hasDirectAccess: false });
    expect(directView.can(child.spaceUuid, 'space:manage-content')).toBe(true);
    expect(directView.can(team.spaceUuid, 'space:manage')).toBe(false);
    expect(directView.access(ownRules.spaceUuid)).toBeUndefined();

    const groupView = await service.forProject(grouped, projectUuid);
    expect(groupView.access(team.spaceUuid)).toMatchObject({ role: 'viewer', inheritedFrom: 'space_group' });
    const visible = (await service.visibleSpaces(grouped, projectUuid)).map((entry) => entry.name);
    expect(visible).toEqual(expect.arrayContaining(['Team', 'Child', 'Open']));
    expect(visible).not.toEqual(expect.arrayContaining(['Own']));
    expect(visible).not.toContain('Secret');

    await groups.removeMember(group.groupUuid, grouped.userUuid);
    expect((await service.forProject(grouped, projectUuid)).access(team.spaceUuid)).toBeUndefined();
  });

  it('answers 404 for a project the caller has no role in', async () => {
    const member = await user('member');
    await expect(service.forProject(member, projectUuid)).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(service.forProject(await user('admin'), randomUUID())).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
