import { randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, ParameterError, type Principal, QuarryError, type SpaceRole } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import {
  type GroupShare,
  GroupsRepository,
  PinnedItemsRepository,
  type SpaceChanges,
  type SpaceEntity,
  SpacesRepository,
  type UserShare,
  UsersRepository,
} from '@quarry/server/database';

import { withFreeSpacePath } from '../content-names';
import type { ProjectSpaces } from './project-spaces';
import { SpaceAccessService } from './space-access.service';
import { spaceAudience } from './space-audience';
import { SPACE_CONTENTS, type SpaceContents } from './space-contents';
import type { ChildSpaceView, SpaceSummaryView, SpaceView } from './space-view';
import { toUserAccessView } from './space-view';

export interface CreateSpaceRequest {
  name: string;
  isPrivate?: boolean;
  access?: ReadonlyArray<{ userUuid: string; role: SpaceRole }>;
  parentSpaceUuid?: string | null;
  inheritParentPermissions?: boolean;
}

export interface UpdateSpaceRequest {
  name?: string;
  isPrivate?: boolean;
  inheritParentPermissions?: boolean;
  /** Lightdash fields Quarry has no model for: null (what clients send by default) changes nothing. */
  projectMemberAccessRole?: SpaceRole | null;
  colorPaletteUuid?: string | null;
}

const UNSUPPORTED_SPACE_FIELDS = {
  projectMemberAccessRole:
    'projectMemberAccessRole is not supported: Quarry shares a space with users and groups (POST …/spaces/{spaceUuid}/share, ' +
    '…/group/share); send null or leave it out',
  colorPaletteUuid:
    'colorPaletteUuid is not supported: colour palettes apply to the whole organization ' +
    '(POST /api/v1/org/color-palettes/{uuid}/active); send null or leave it out',
} as const;

/** Spaces of a project (E2, E3 and their write side), each decision taken by SpaceAccessService. */
@Injectable()
export class SpacesService {
  constructor(
    private readonly access: SpaceAccessService,
    private readonly spaces: SpacesRepository,
    private readonly users: UsersRepository,
    private readonly groups: GroupsRepository,
    private readonly pins: PinnedItemsRepository,
    private readonly policy: PolicyService,
    @Inject(SPACE_CONTENTS) private readonly contents: SpaceContents,
  ) {}

  /** The spaces the caller may see, each with their own access. */
  async list(principal: Principal, projectUuid: string): Promise<SpaceSummaryView[]> {
    const spaces = await this.access.forProject(principal, projectUuid);
    const visible = spaces.visible();
    const summaries = await this.summaries(spaces, visible);
    return summaries.map((summary) => ({
      ...summary,
      userAccess: toUserAccessView(principal, spaces.access(summary.uuid) as NonNullable<ReturnType<ProjectSpaces['access']>>),
    }));
  }

  async get(principal: Principal, projectUuid: string, spaceUuid: string): Promise<SpaceView> {
    const { spaces, space } = await this.access.assertSpace(principal, projectUuid, spaceUuid, 'space:view');
    return this.view(spaces, space);
  }

  async create(principal: Principal, projectUuid: string, request: CreateSpaceRequest): Promise<SpaceView> {
    let spaces = await this.access.forProject(principal, projectUuid);
    await this.policy.assertProject(principal, spaces.project, 'space:create');
    const parent = request.parentSpaceUuid ? spaces.assert(request.parentSpaceUuid.toLowerCase(), 'space:manage-content') : null;
    const inherit = parent ? (request.inheritParentPermissions ?? true) : false;
    if (!parent && request.inheritParentPermissions) {
      throw new ParameterError('inheritParentPermissions needs a parentSpaceUuid', { field: 'inheritParentPermissions' });
    }
    const shares = await this.orgUserShares(principal, request.access ?? []);
    // The creator administers the space, so a private space is never created out of their reach.
    shares.push({ userUuid: principal.userUuid, spaceRole: 'admin' });
    const name = spaceName(request.name);
    // As the reference: a space is private unless the caller says otherwise (a default that fails
    // closed). An inheriting space has no privacy of its own: it follows its parent's as it changes.
    const defaultPrivacy = !inherit;
    const spaceUuid = randomUUID();
    await withFreeSpacePath(
      name,
      parent?.path ?? null,
      (path) => this.spaces.pathTaken(projectUuid, path),
      (slug, path) =>
        this.spaces.create(
          {
            spaceUuid,
            projectUuid,
            parentSpaceUuid: parent?.spaceUuid ?? null,
            name,
            slug,
            path,
            isPrivate: request.isPrivate ?? defaultPrivacy,
            inheritParentPermissions: inherit,
            createdByUserUuid: principal.userUuid,
          },
          shares,
        ),
    );
    spaces = await this.access.forProject(principal, projectUuid);
    return this.view(spaces, spaces.assert(spaceUuid, 'space:view'));
  }

  async update(principal: Principal, projectUuid: string, spaceUuid: string, request: UpdateSpaceRequest): Promise<SpaceView> {
    const { spaces, space } = await this.access.assertSpace(principal, projectUuid, spaceUuid, 'space:manage');
    for (const [field, why] of Object.entries(UNSUPPORTED_SPACE_FIELDS)) {
      if (request[field as keyof typeof UNSUPPORTED_SPACE_FIELDS] != null) throw new ParameterError(why, { [field]: [why] });
    }
    const changes: SpaceChanges = {};
    if (request.name !== undefined) changes.name = spaceName(request.name);
    if (request.isPrivate !== undefined) changes.isPrivate = request.isPrivate;
    let copiedUsers: UserShare[] = [];
    let copiedGroups: GroupShare[] = [];
    if (request.inheritParentPermissions !== undefined && request.inheritParentPermissions !== space.inheritParentPermissions) {
      if (request.inheritParentPermissions && !space.parentSpaceUuid) {
        throw new ParameterError('A root space has no parent to inherit permissions from', { field: 'inheritParentPermissions' });
      }
      changes.inheritParentPermissions = request.inheritParentPermissions;
      if (!request.inheritParentPermissions) {
        // Nobody loses access when a space stops inheriting: what it inherited becomes its own.
        ({ users: copiedUsers, groups: copiedGroups } = await this.inheritedShares(spaces, space));
        changes.isPrivate = request.isPrivate ?? spaces.isPrivate(spaceUuid);
        const callerRole = spaces.access(spaceUuid)?.role;
        if (callerRole) copiedUsers.push({ userUuid: principal.userUuid, spaceRole: callerRole });
      }
    }
    await this.spaces.update(spaceUuid, changes, copiedUsers, copiedGroups);
    return this.reloadView(principal, projectUuid, spaceUuid);
  }

  async delete(principal: Principal, projectUuid: string, spaceUuid: string): Promise<void> {
    await this.access.assertSpace(principal, projectUuid, spaceUuid, 'space:manage');
    await this.spaces.delete(spaceUuid);
  }

  async shareWithUser(
    principal: Principal,
    projectUuid: string,
    spaceUuid: string,
    userUuid: string,
    spaceRole: SpaceRole,
  ): Promise<SpaceView> {
    await this.access.assertSpace(principal, projectUuid, spaceUuid, 'space:manage');
    const [share] = await this.orgUserShares(principal, [{ userUuid, role: spaceRole }]);
    await this.spaces.setUserShare(spaceUuid, share as UserShare);
    return this.reloadView(principal, projectUuid, spaceUuid);
  }

  async unshareUser(principal: Principal, projectUuid: string, spaceUuid: string, userUuid: string): Promise<SpaceView> {
    await this.access.assertSpace(principal, projectUuid, spaceUuid, 'space:manage');
    if (!(await this.spaces.removeUserShare(spaceUuid, userUuid))) {
      throw new NotFoundError('This user has no direct access to the space', { userUuid });
    }
    return this.reloadView(principal, projectUuid, spaceUuid);
  }

  async shareWithGroup(
    principal: Principal,
    projectUuid: string,
    spaceUuid: string,
    groupUuid: string,
    spaceRole: SpaceRole,
  ): Promise<SpaceView> {
    await this.access.assertSpace(principal, projectUuid, spaceUuid, 'space:manage');
    if (!(await this.groups.find(principal.organizationUuid, groupUuid))) throw new NotFoundError('Group not found', { groupUuid });
    await this.spaces.setGroupShare(spaceUuid, { groupUuid, spaceRole });
    return this.reloadView(principal, projectUuid, spaceUuid);
  }

  async unshareGroup(principal: Principal, projectUuid: string, spaceUuid: string, groupUuid: string): Promise<SpaceView> {
    await this.access.assertSpace(principal, projectUuid, spaceUuid, 'space:manage');
    if (!(await this.spaces.removeGroupShare(spaceUuid, groupUuid))) {
      throw new NotFoundError('This group has no access to the space', { groupUuid });
    }
    return this.reloadView(principal, projectUuid, spaceUuid);
  }

  /** After a write the caller may have lost sight of the space (e.g. unsharing themselves): then 404 like any hidden space. */
  private async reloadView(principal: Principal, projectUuid: string, spaceUuid: string): Promise<SpaceView> {
    const spaces = await this.access.forProject(principal, projectUuid);
    return this.view(spaces, spaces.assert(spaceUuid, 'space:view'));
  }

  private async view(spaces: ProjectSpaces, space: SpaceEntity): Promise<SpaceView> {
    const chain = spaces.chain(space.spaceUuid);
    const chainUuids = chain.map((node) => node.spaceUuid);
    const [members, userShares, groupShares, pins, lists] = await Promise.all([
      this.spaces.projectAudience(spaces.project.organizationUuid, spaces.projectUuid),
      this.spaces.userShares(chainUuids),
      this.spaces.groupShares(chainUuids),
      this.pins.pinsOf(spaces.projectUuid, 'space', [space.spaceUuid]),
      this.contents.lists(spaces, space.spaceUuid),
    ]);
    const groupMembers = await this.groups.members([...new Set(groupShares.map((share) => share.groupUuid))]);
    const children = spaces.children(space.spaceUuid).filter((child) => spaces.access(child.spaceUuid));
    const pin = pins.get(space.spaceUuid);
    return {
      organizationUuid: spaces.project.organizationUuid,
      projectUuid: spaces.projectUuid,
      uuid: space.spaceUuid,
      name: space.name,
      slug: space.slug,
      path: space.path,
      parentSpaceUuid: space.parentSpaceUuid,
      isPrivate: spaces.isPrivate(space.spaceUuid),
      inheritParentPermissions: space.inheritParentPermissions,
      pinnedListUuid: pin?.pinnedListUuid ?? null,
      pinnedListOrder: pin?.itemOrder ?? null,
      queries: lists.queries,
      dashboards: lists.dashboards,
      childSpaces: await this.summaries(spaces, children),
      access: spaceAudience({ chain, members, userShares, groupShares, groupMembers }),
      groupsAccess: groupShares
        .filter((share) => share.spaceUuid === space.spaceUuid)
        .map(({ groupUuid, groupName, spaceRole }) => ({ groupUuid, groupName, spaceRole })),
      breadcrumbs: spaces
        .lineage(space.spaceUuid)
        .map((step) => ({ uuid: step.spaceUuid, name: step.name, hasAccess: spaces.access(step.spaceUuid) !== undefined })),
    };
  }

  /** Summaries of spaces the caller may see (the caller must be allowed to see each of them). */
  async summaries(spaces: ProjectSpaces, list: readonly SpaceEntity[]): Promise<ChildSpaceView[]> {
    const uuids = list.map((space) => space.spaceUuid);
    const [counts, pins, shares] = await Promise.all([
      this.contents.counts(spaces.projectUuid, uuids),
      this.pins.pinsOf(spaces.projectUuid, 'space', uuids),
      this.spaces.userShares(uuids),
    ]);
    return list.map((space) => ({
      organizationUuid: spaces.project.organizationUuid,
      projectUuid: spaces.projectUuid,
      uuid: space.spaceUuid,
      name: space.name,
      slug: space.slug,
      path: space.path,
      parentSpaceUuid: space.parentSpaceUuid,
      isPrivate: spaces.isPrivate(space.spaceUuid),
      inheritParentPermissions: space.inheritParentPermissions,
      access: shares.filter((share) => share.spaceUuid === space.spaceUuid).map((share) => share.userUuid),
      pinnedListUuid: pins.get(space.spaceUuid)?.pinnedListUuid ?? null,
      pinnedListOrder: pins.get(space.spaceUuid)?.itemOrder ?? null,
      chartCount: counts.get(space.spaceUuid)?.chartCount ?? 0,
      dashboardCount: counts.get(space.spaceUuid)?.dashboardCount ?? 0,
    }));
  }

  /** The shares a space receives from the ancestors it inherits from. */
  private async inheritedShares(spaces: ProjectSpaces, space: SpaceEntity): Promise<{ users: UserShare[]; groups: GroupShare[] }> {
    const ancestors = spaces
      .chain(space.spaceUuid)
      .slice(1)
      .map((node) => node.spaceUuid);
    const [users, groups] = await Promise.all([this.spaces.userShares(ancestors), this.spaces.groupShares(ancestors)]);
    return {
      users: users.map(({ userUuid, spaceRole }) => ({ userUuid, spaceRole })),
      groups: groups.map(({ groupUuid, spaceRole }) => ({ groupUuid, spaceRole })),
    };
  }

  private async orgUserShares(principal: Principal, access: ReadonlyArray<{ userUuid: string; role: SpaceRole }>): Promise<UserShare[]> {
    const shares: UserShare[] = [];
    for (const [index, entry] of access.entries()) {
      if (!(await this.users.findMember(principal.organizationUuid, entry.userUuid))) {
        throw new NotFoundError('User not found in this organization', { userUuid: entry.userUuid, field: `access[${index}].userUuid` });
      }
      shares.push({ userUuid: entry.userUuid, spaceRole: entry.role });
    }
    return shares;
  }
}

function spaceName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw new QuarryError('ValidationError', 'Invalid request: name: name must not be empty', { name: ['name must not be empty'] });
  return trimmed;
}
