import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { AlreadyExistsError, NotFoundError, type Principal, QuarryError } from '@quarry/domain';
import { AccessChanges, PolicyService } from '@quarry/server/auth';
import { type GroupEntity, type GroupMember, GroupsRepository, UsersRepository } from '@quarry/server/database';

export interface GroupView {
  uuid: string;
  name: string;
  organizationUuid: string;
  createdAt: string;
  memberUuids: string[];
  members: Array<Omit<GroupMember, 'groupUuid'>>;
}

/** Groups of users of the caller's organization (spaces can be shared with them). Members read, admins manage. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly users: UsersRepository,
    private readonly policy: PolicyService,
    private readonly changes: AccessChanges,
  ) {}

  async list(principal: Principal): Promise<GroupView[]> {
    this.policy.assert(principal, 'groups:view');
    const groups = await this.groups.list(principal.organizationUuid);
    const members = await this.groups.members(groups.map((group) => group.groupUuid));
    return groups.map((group) => toGroupView(group, members));
  }

  async get(principal: Principal, groupUuid: string): Promise<GroupView> {
    this.policy.assert(principal, 'groups:view');
    const group = await this.mustFind(principal, groupUuid);
    return toGroupView(group, await this.groups.members([groupUuid]));
  }

  async create(principal: Principal, name: string, memberUuids: readonly string[] = []): Promise<GroupView> {
    this.policy.assert(principal, 'groups:manage');
    const groupName = await this.freeName(principal, name);
    const uniqueMembers = [...new Set(memberUuids)];
    for (const [index, userUuid] of uniqueMembers.entries()) await this.mustBeMember(principal, userUuid, `members[${index}].userUuid`);
    const group = await this.groups.create(
      { groupUuid: randomUUID(), organizationUuid: principal.organizationUuid, name: groupName, createdByUserUuid: principal.userUuid },
      uniqueMembers,
    );
    return toGroupView(group, await this.groups.members([group.groupUuid]));
  }

  /** Renames the group and/or replaces its members (the reference's UpdateGroupWithMembers); each part is optional. */
  async update(principal: Principal, groupUuid: string, update: { name?: string; memberUuids?: readonly string[] }): Promise<GroupView> {
    this.policy.assert(principal, 'groups:manage');
    await this.mustFind(principal, groupUuid);
    const name = update.name !== undefined ? await this.freeName(principal, update.name, groupUuid) : undefined;
    const members = update.memberUuids ? [...new Set(update.memberUuids)] : undefined;
    for (const [index, userUuid] of (members ?? []).entries()) await this.mustBeMember(principal, userUuid, `members[${index}].userUuid`);
    if (name !== undefined) await this.groups.rename(groupUuid, name);
    if (members) {
      await this.groups.replaceMembers(groupUuid, members);
      await this.changes.announce('roles');
    }
    return this.get(principal, groupUuid);
  }

  async delete(principal: Principal, groupUuid: string): Promise<void> {
    this.policy.assert(principal, 'groups:manage');
    await this.mustFind(principal, groupUuid);
    await this.groups.delete(groupUuid);
    // Project roles held through the group are cached (PolicyService).
    await this.changes.announce('roles');
  }

  /** Adds the user to the group; `added` is false when they were a member already (nothing changed). */
  async addMember(principal: Principal, groupUuid: string, userUuid: string): Promise<{ added: boolean; group: GroupView }> {
    this.policy.assert(principal, 'groups:manage');
    await this.mustFind(principal, groupUuid);
    await this.mustBeMember(principal, userUuid, 'userUuid');
    const added = await this.groups.addMember(groupUuid, userUuid);
    if (added) await this.changes.announce('roles');
    return { added, group: await this.get(principal, groupUuid) };
  }

  async removeMember(principal: Principal, groupUuid: string, userUuid: string): Promise<GroupView> {
    this.policy.assert(principal, 'groups:manage');
    await this.mustFind(principal, groupUuid);
    if (!(await this.groups.removeMember(groupUuid, userUuid)))
      throw new NotFoundError('This user is not a member of the group', { userUuid });
    await this.changes.announce('roles');
    return this.get(principal, groupUuid);
  }

  private async mustFind(principal: Principal, groupUuid: string): Promise<GroupEntity> {
    const group = await this.groups.find(principal.organizationUuid, groupUuid);
    if (!group) throw new NotFoundError('Group not found', { groupUuid });
    return group;
  }

  private async mustBeMember(principal: Principal, userUuid: string, field: string): Promise<void> {
    if (!(await this.users.findMember(principal.organizationUuid, userUuid))) {
      throw new NotFoundError('User not found in this organization', { userUuid, field });
    }
  }

  private async freeName(principal: Principal, name: string, exceptUuid?: string): Promise<string> {
    const trimmed = name.trim();
    if (!trimmed)
      throw new QuarryError('ValidationError', 'Invalid request: name: name must not be empty', { name: ['name must not be empty'] });
    if (await this.groups.nameTaken(principal.organizationUuid, trimmed, exceptUuid)) {
      throw new AlreadyExistsError(`A group named "${trimmed}" already exists in this organization`, { name: trimmed });
    }
    return trimmed;
  }
}

function toGroupView(group: GroupEntity, members: readonly GroupMember[]): GroupView {
  const own = members.filter((member) => member.groupUuid === group.groupUuid).map(({ groupUuid: _group, ...member }) => member);
  return {
    uuid: group.groupUuid,
    name: group.name,
    organizationUuid: group.organizationUuid,
    createdAt: group.createdAt.toISOString(),
    memberUuids: own.map((member) => member.userUuid),
    members: own,
  };
}
