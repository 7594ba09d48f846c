import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrganizationRole, ProjectRole, SpaceGrant, SpaceRole } from '@quarry/domain';
import type { EntityManager } from 'typeorm';

import { SpaceEntity } from '../entities/space.entity';
import { managerOf, type QueriesOn } from './queries-on';

export type NewSpace = Omit<SpaceEntity, 'createdAt' | 'updatedAt'>;

export interface SpaceChanges {
  name?: string;
  isPrivate?: boolean;
  inheritParentPermissions?: boolean;
}

export interface UserShare {
  userUuid: string;
  spaceRole: SpaceRole;
}

export interface GroupShare {
  groupUuid: string;
  spaceRole: SpaceRole;
}

export interface SpaceUserShareRow extends UserShare {
  spaceUuid: string;
}

export interface SpaceGroupShareRow extends GroupShare {
  spaceUuid: string;
  groupName: string;
}

/** A user of the project's organization with the roles that may give them access to its spaces. */
export interface ProjectAudienceMember {
  userUuid: string;
  email: string;
  firstName: string;
  lastName: string;
  organizationRole: OrganizationRole;
  projectRole: ProjectRole | null;
  /** Project roles held through groups. */
  groupRoles: ProjectRole[];
}

@Injectable()
export class SpacesRepository {
  private readonly db: EntityManager;

  constructor(@InjectDataSource() source: QueriesOn) {
    this.db = managerOf(source);
  }

  private get spaces() {
    return this.db.getRepository(SpaceEntity);
  }

  listForProject(projectUuid: string): Promise<SpaceEntity[]> {
    return this.spaces.find({ where: { projectUuid }, order: { path: 'ASC' } });
  }

  findByUuid(spaceUuid: string): Promise<SpaceEntity | null> {
    return this.spaces.findOneBy({ spaceUuid });
  }

  findByPath(projectUuid: string, path: string): Promise<SpaceEntity | null> {
    return this.spaces.findOneBy({ projectUuid, path });
  }

  async pathTaken(projectUuid: string, path: string): Promise<boolean> {
    return (await this.spaces.countBy({ projectUuid, path })) > 0;
  }

  /** Inserts a space with its first shares, in one transaction. */
  async create(space: NewSpace, users: readonly UserShare[], groups: readonly GroupShare[] = []): Promise<SpaceEntity> {
    await this.db.transaction(async (manager) => {
      await manager.insert(SpaceEntity, space);
      await insertShares(manager, space.spaceUuid, users, groups);
    });
    return (await this.findByUuid(space.spaceUuid)) as SpaceEntity;
  }

  /** Applies changes and adds shares (e.g. access copied when a space stops inheriting), in one transaction. */
  async update(
    spaceUuid: string,
    changes: SpaceChanges,
    addedUsers: readonly UserShare[] = [],
    addedGroups: readonly GroupShare[] = [],
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      if (Object.keys(changes).length > 0) await manager.update(SpaceEntity, { spaceUuid }, { ...changes, updatedAt: new Date() });
      await insertShares(manager, spaceUuid, addedUsers, addedGroups);
    });
  }

  /** Deletes a space, its descendants (cascade) and their pins. */
  async delete(spaceUuid: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `WITH RECURSIVE subtree AS (
           SELECT space_uuid FROM spaces WHERE space_uuid = $1
           UNION ALL SELECT s.space_uuid FROM spaces s JOIN subtree t ON s.parent_space_uuid = t.space_uuid)
         DELETE FROM pinned_items WHERE item_type = 'space' AND item_uuid IN (SELECT space_uuid FROM subtree)`,
        [spaceUuid],
      );
      await manager.delete(SpaceEntity, { spaceUuid });
    });
  }

  /**
   * Copies the given spaces of a project into another, keeping names, slugs, paths, privacy and
   * shares, in one transaction. Only `spaceUuids` are copied (the caller decides who may copy
   * what); a space's parent must be among them. Returns the new uuid of each copied space by its old uuid.
   */
  async copyProject(
    fromProjectUuid: string,
    toProjectUuid: string,
    byUserUuid: string,
    spaceUuids: readonly string[],
  ): Promise<Map<string, string>> {
    const wanted = new Set(spaceUuids);
    return this.db.transaction(async (manager) => {
      const sources = (await manager.getRepository(SpaceEntity).find({ where: { projectUuid: fromProjectUuid } })).filter((space) =>
        wanted.has(space.spaceUuid),
      );
      // Parents before children: a path has one more segment than its parent's.
      sources.sort((a, b) => a.path.split('.').length - b.path.split('.').length);
      const copies = new Map(sources.map((space) => [space.spaceUuid, randomUUID()]));
      for (const space of sources) {
        await manager.insert(SpaceEntity, {
          ...space,
          spaceUuid: copies.get(space.spaceUuid) as string,
          projectUuid: toProjectUuid,
          parentSpaceUuid: space.parentSpaceUuid ? parentCopy(copies, space) : null,
          createdByUserUuid: byUserUuid,
          createdAt: undefined,
          updatedAt: undefined,
        });
      }
      if (copies.size > 0) {
        const mapping = JSON.stringify(Object.fromEntries(copies));
        for (const table of ['space_user_access', 'space_group_access']) {
          const subject = table === 'space_user_access' ? 'user_uuid' : 'group_uuid';
          await manager.query(
            `INSERT INTO ${table} (space_uuid, ${subject}, space_role)
             SELECT ($1::jsonb ->> a.space_uuid::text)::uuid, a.${subject}, a.space_role
               FROM ${table} a WHERE a.space_uuid = ANY($2::uuid[])`,
            [mapping, [...copies.keys()]],
          );
        }
      }
      return copies;
    });
  }

  /** The user's shares on spaces of a project, direct and through their groups. */
  userGrants(projectUuid: string, userUuid: string): Promise<SpaceGrant[]> {
    return this.db.query(
      `SELECT a.space_uuid AS "spaceUuid", a.space_role AS role, 'user' AS via
         FROM space_user_access a JOIN spaces s USING (space_uuid)
        WHERE s.project_uuid = $1 AND a.user_uuid = $2
       UNION ALL
       SELECT a.space_uuid, a.space_role, 'group'
         FROM space_group_access a JOIN spaces s USING (space_uuid) JOIN group_members m USING (group_uuid)
        WHERE s.project_uuid = $1 AND m.user_uuid = $2`,
      [projectUuid, userUuid],
    );
  }

  userShares(spaceUuids: readonly string[]): Promise<SpaceUserShareRow[]> {
    if (spaceUuids.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT space_uuid AS "spaceUuid", user_uuid AS "userUuid", space_role AS "spaceRole"
         FROM space_user_access WHERE space_uuid = ANY($1::uuid[]) ORDER BY created_at, user_uuid`,
      [spaceUuids],
    );
  }

  groupShares(spaceUuids: readonly string[]): Promise<SpaceGroupShareRow[]> {
    if (spaceUuids.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT a.space_uuid AS "spaceUuid", a.group_uuid AS "groupUuid", g.name AS "groupName", a.space_role AS "spaceRole"
         FROM space_group_access a JOIN groups g USING (group_uuid)
        WHERE a.space_uuid = ANY($1::uuid[]) ORDER BY lower(g.name), a.group_uuid`,
      [spaceUuids],
    );
  }

  /** Every user of the organization with their organization role, direct role in the project and roles through groups. */
  projectAudience(organizationUuid: string, projectUuid: string): Promise<ProjectAudienceMember[]> {
    return this.db.query(
      `SELECT u.user_uuid AS "userUuid", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
              m.role AS "organizationRole", pm.role AS "projectRole",
              ARRAY(SELECT a.role FROM project_group_access a JOIN group_members gm USING (group_uuid)
                     WHERE a.project_uuid = $2 AND gm.user_uuid = u.user_uuid) AS "groupRoles"
         FROM organization_memberships m JOIN users u USING (user_uuid)
         LEFT JOIN project_memberships pm ON pm.user_uuid = u.user_uuid AND pm.project_uuid = $2
        WHERE m.organization_uuid = $1 AND u.is_active
        ORDER BY lower(u.first_name), lower(u.last_name), lower(u.email)`,
      [organizationUuid, projectUuid],
    );
  }

  async setUserShare(spaceUuid: string, share: UserShare): Promise<void> {
    await this.db.query(
      `INSERT INTO space_user_access (space_uuid, user_uuid, space_role) VALUES ($1, $2, $3)
       ON CONFLICT (space_uuid, user_uuid) DO UPDATE SET space_role = EXCLUDED.space_role`,
      [spaceUuid, share.userUuid, share.spaceRole],
    );
  }

  async removeUserShare(spaceUuid: string, userUuid: string): Promise<boolean> {
    const [, deleted] = (await this.db.query(`DELETE FROM space_user_access WHERE space_uuid = $1 AND user_uuid = $2`, [
      spaceUuid,
      userUuid,
    ])) as [unknown, number];
    return deleted > 0;
  }

  async setGroupShare(spaceUuid: string, share: GroupShare): Promise<void> {
    await this.db.query(
      `INSERT INTO space_group_access (space_uuid, group_uuid, space_role) VALUES ($1, $2, $3)
       ON CONFLICT (space_uuid, group_uuid) DO UPDATE SET space_role = EXCLUDED.space_role`,
      [spaceUuid, share.groupUuid, share.spaceRole],
    );
  }

  async removeGroupShare(spaceUuid: string, groupUuid: string): Promise<boolean> {
    const [, deleted] = (await this.db.query(`DELETE FROM space_group_access WHERE space_uuid = $1 AND group_uuid = $2`, [
      spaceUuid,
      groupUuid,
    ])) as [unknown, number];
    return deleted > 0;
  }
}

/** Adds shares; an existing share keeps the higher of its role and the new one. */
async function insertShares(
  manager: EntityManager,
  spaceUuid: string,
  users: readonly UserShare[],
  groups: readonly GroupShare[],
): Promise<void> {
  const higher = (table: string) =>
    `CASE WHEN array_position(ARRAY['viewer','editor','admin'], ` +
    `EXCLUDED.space_role) > array_position(ARRAY['viewer','editor','admin'], ${table}.space_role)
          THEN EXCLUDED.space_role ELSE ${table}.space_role END`;
  for (const share of users) {
    await manager.query(
      `INSERT INTO space_user_access (space_uuid, user_uuid, space_role) VALUES ($1, $2, $3)
       ON CONFLICT (space_uuid, user_uuid) DO UPDATE SET space_role = ${higher('space_user_access')}`,
      [spaceUuid, share.userUuid, share.spaceRole],
    );
  }
  for (const share of groups) {
    await manager.query(
      `INSERT INTO space_group_access (space_uuid, group_uuid, space_role) VALUES ($1, $2, $3)
       ON CONFLICT (space_uuid, group_uuid) DO UPDATE SET space_role = ${higher('space_group_access')}`,
      [spaceUuid, share.groupUuid, share.spaceRole],
    );
  }
}

/** The copy of a copied space's parent; a parent left behind would leave the copy's path dangling. */
function parentCopy(copies: ReadonlyMap<string, string>, space: SpaceEntity): string {
  const parent = copies.get(space.parentSpaceUuid as string);
  if (!parent) throw new Error(`Space ${space.spaceUuid} cannot be copied without its parent ${space.parentSpaceUuid}`);
  return parent;
}
