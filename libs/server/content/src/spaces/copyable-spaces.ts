import type { SpaceEntity } from '@quarry/server/database';

import type { ProjectSpaces } from './project-spaces';

/**
 * The spaces of a project that may be copied for the caller into a preview they will administer:
 * those they may view, with every ancestor (a copy keeps its tree, and a space under a parent
 * they cannot see would show that parent's name and path). Private spaces they are not shared
 * on, and what lives in them, are left behind.
 */
export function copyableSpaces(spaces: ProjectSpaces): SpaceEntity[] {
  return spaces
    .visible()
    .filter((space) => spaces.lineage(space.spaceUuid).every((ancestor) => spaces.access(ancestor.spaceUuid) !== undefined));
}
