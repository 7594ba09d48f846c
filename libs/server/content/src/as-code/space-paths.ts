import { Injectable } from '@nestjs/common';
import { type Principal, QuarryError } from '@quarry/domain';
import type { SpaceEntity } from '@quarry/server/database';

import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { SpacesService } from '../spaces/spaces.service';
import type { ContentChange, SpaceChangeData } from './content-changes';

/** The spaces an upload created (with the paths they got) and the space its content goes in. */
export interface CreatedSpaces {
  /** The caller's refreshed view of the project's spaces. */
  spaces: ProjectSpaces;
  /** The space at the wanted path: the one created for it, or the visible one already there. */
  target: SpaceEntity;
}

/**
 * Finds spaces by path (`sales.q1_reports`) and creates the missing ones, parents first, as
 * charts as code need. A path segment is a slug with `_` for `-`, so the name of a created space
 * is the segment with spaces, which slugifies back to the same segment.
 *
 * Only the caller's visible spaces count: a path held by a space they cannot see is planned as
 * absent, exactly like a free path (no oracle, never written into). Creating then takes the next
 * free path (`x_1`) as any new space does, and content is placed by the created uuid, never looked
 * up by path again (which would find the hidden space).
 */
@Injectable()
export class SpacePaths {
  constructor(
    private readonly spacesService: SpacesService,
    private readonly access: SpaceAccessService,
  ) {}

  /** The spaces of `path` (ancestors first) the caller cannot see there, as planned creations. */
  plan(spaces: ProjectSpaces, path: string, isPrivate: boolean): Array<ContentChange<SpaceChangeData>> {
    const segments = validPath(path);
    const visiblePaths = new Set(spaces.visible().map((space) => space.path));
    const changes: Array<ContentChange<SpaceChangeData>> = [];
    segments.forEach((segment, index) => {
      const at = segments.slice(0, index + 1).join('.');
      if (visiblePaths.has(at)) return;
      changes.push({
        action: 'create',
        data: {
          uuid: null,
          name: segment.replace(/_/g, ' '),
          path: at,
          parentPath: index === 0 ? null : segments.slice(0, index).join('.'),
          isPrivate,
        },
      });
    });
    return changes;
  }

  /**
   * Creates the planned spaces of `path` in order, each under its planned parent's created space or
   * the visible space at the parent path. Each change is updated with the uuid and path it got.
   */
  async create(
    principal: Principal,
    spaces: ProjectSpaces,
    path: string,
    planned: Array<ContentChange<SpaceChangeData>>,
  ): Promise<CreatedSpaces> {
    const visible = new Map(spaces.visible().map((space) => [space.path, space.spaceUuid]));
    // Planned path -> the created space (its real path may differ when the planned one is taken).
    const created = new Map<string, { uuid: string; path: string }>();
    for (const change of planned) {
      const wantedParent = change.data.parentPath;
      const parentUuid = wantedParent === null ? null : (created.get(wantedParent)?.uuid ?? visible.get(wantedParent) ?? null);
      if (wantedParent !== null && parentUuid === null) throw new Error(`Space plan without the parent ${wantedParent}`);
      const space = await this.spacesService.create(principal, spaces.projectUuid, {
        name: change.data.name,
        parentSpaceUuid: parentUuid,
        isPrivate: change.data.isPrivate,
        inheritParentPermissions: parentUuid ? true : undefined,
      });
      created.set(change.data.path, { uuid: space.uuid, path: space.path });
      change.data.uuid = space.uuid;
      change.data.path = space.path;
      change.data.parentPath = space.path.includes('.') ? space.path.slice(0, space.path.lastIndexOf('.')) : null;
    }
    const current = planned.length > 0 ? await this.access.forProject(principal, spaces.projectUuid) : spaces;
    const targetUuid = created.get(path)?.uuid ?? visible.get(path);
    const target = targetUuid ? current.find(targetUuid) : undefined;
    if (!target) throw new QuarryError('ConflictError', `Space ${path} could not be created`, { spaceSlug: path });
    return { spaces: current, target };
  }
}

/**
 * The space path of a file's `spaceSlug`. Quarry writes paths (`sales.q1_reports`); the reference
 * writes the same path with `/` between spaces and `-` in names (`sales/q1-reports`, `jaffle-shop`),
 * which names the same spaces, as the reference's own upload reads it.
 */
export function asSpacePath(spaceSlug: string): string {
  return spaceSlug.replace(/-/g, '_').replace(/\//g, '.');
}

function validPath(path: string): string[] {
  const segments = path.split('.');
  if (!path || segments.some((segment) => !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(segment))) {
    throw new QuarryError('ValidationError', 'Invalid request: spaceSlug must be a space path like "sales.q1_reports"', {
      spaceSlug: ['spaceSlug must be dot-separated segments of lowercase letters, digits and single underscores'],
    });
  }
  return segments;
}
