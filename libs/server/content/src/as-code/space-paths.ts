import { Injectable } from '@nestjs/common';
import { type Principal, QuarryError } from '@quarry/domain';

import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { SpacesService } from '../spaces/spaces.service';
import type { ContentChange, SpaceChangeData } from './content-changes';

/**
 * Finds spaces by path (`sales.q1_reports`) and creates the missing ones, parents first, as
 * charts as code and promotion need. A path segment is a slug with `_` for `-`, so the name of a
 * created space is the segment with spaces, which slugifies back to the same segment.
 */
@Injectable()
export class SpacePaths {
  constructor(
    private readonly spacesService: SpacesService,
    private readonly access: SpaceAccessService,
  ) {}

  /** The spaces of `path` (ancestors first) that do not exist yet, as planned creations. */
  plan(spaces: ProjectSpaces, path: string, isPrivate: boolean): Array<ContentChange<SpaceChangeData>> {
    const segments = validPath(path);
    const byPath = new Map(spaces.all().map((space) => [space.path, space]));
    const changes: Array<ContentChange<SpaceChangeData>> = [];
    segments.forEach((segment, index) => {
      const at = segments.slice(0, index + 1).join('.');
      if (byPath.has(at)) return;
      changes.push({
        action: 'create',
        data: { uuid: null, name: segment.replace(/_/g, ' '), path: at, parentPath: index === 0 ? null : segments.slice(0, index).join('.'), isPrivate },
      });
    });
    return changes;
  }

  /** Creates the planned spaces in order; the caller's refreshed view of the project's spaces. */
  async create(principal: Principal, spaces: ProjectSpaces, planned: Array<ContentChange<SpaceChangeData>>): Promise<ProjectSpaces> {
    let current = spaces;
    for (const change of planned) {
      const parent = change.data.parentPath ? current.all().find((space) => space.path === change.data.parentPath) : undefined;
      const created = await this.spacesService.create(principal, spaces.projectUuid, {
        name: change.data.name,
        parentSpaceUuid: parent?.spaceUuid ?? null,
        isPrivate: change.data.isPrivate,
        inheritParentPermissions: parent ? true : undefined,
      });
      change.data.uuid = created.uuid;
      current = await this.access.forProject(principal, spaces.projectUuid);
    }
    return current;
  }
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
