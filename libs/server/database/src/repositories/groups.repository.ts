import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { GroupEntity, GroupMemberEntity } from '../entities/group.entity';

export type NewGroup = Omit<GroupEntity, 'createdAt'>;

export interface GroupMember {
  groupUuid: string;
  userUuid: string;
  email: string;
  firstName: string;
  lastName: string;
}

@Injectable()
export class GroupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get groups() {
    return this.dataSource.getRepository(GroupEntity);
  }

  /** Inserts a group with its first members, in one transaction. */
  async create(group: NewGroup, memberUuids: readonly string[]): Promise<GroupEntity> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(GroupEntity, group);
      if (memberUuids.length > 0)
        await manager.insert(
          GroupMemberEntity,
          memberUuids.map((userUuid) => ({ groupUuid: group.groupUuid, userUuid })),
        );
    });
    return (await this.find(group.organizationUuid, group.groupUuid)) as GroupEntity;
  }

  list(organizationUuid: string): Promise<GroupEntity[]> {
    return this.groups.find({ where: { organizationUuid }, order: { name: 'ASC', groupUuid: 'ASC' } });
  }

  find(organizationUuid: string, groupUuid: string): Promise<GroupEntity | null> {
    return this.groups.findOneBy({ organizationUuid, groupUuid });
  }

  async nameTaken(organizationUuid: string, name: string, exceptUuid?: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM groups WHERE organization_uuid = $1 AND lower(name) = lower($2) AND group_uuid IS DISTINCT FROM $3`,
      [organizationUuid, name, exceptUuid ?? null],
    );
    return rows.length > 0;
  }

  async rename(groupUuid: string, name: string): Promise<void> {
    await this.groups.update({ groupUuid }, { name });
  }

  async delete(groupUuid: string): Promise<void> {
    await this.groups.delete({ groupUuid });
  }

  members(groupUuids: readonly string[]): Promise<GroupMember[]> {
    if (groupUuids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT m.group_uuid AS "groupUuid", u.user_uuid AS "userUuid", u.email, u.first_name AS "firstName", u.last_name AS "lastName"
         FROM group_members m JOIN users u USING (user_uuid)
        WHERE m.group_uuid = ANY($1::uuid[]) ORDER BY lower(u.email)`,
      [groupUuids],
    );
  }

  /** Adds the user; false when they were a member already. */
  async addMember(groupUuid: string, userUuid: string): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO group_members (group_uuid, user_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_uuid`,
      [groupUuid, userUuid],
    );
    return inserted.length > 0;
  }

  /** Makes these users the group's members, in one transaction (the others leave it). */
  async replaceMembers(groupUuid: string, memberUuids: readonly string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(GroupMemberEntity, { groupUuid });
      if (memberUuids.length > 0)
        await manager.insert(
          GroupMemberEntity,
          memberUuids.map((userUuid) => ({ groupUuid, userUuid })),
        );
    });
  }

  async removeMember(groupUuid: string, userUuid: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(GroupMemberEntity).delete({ groupUuid, userUuid });
    return (result.affected ?? 0) > 0;
  }
}
