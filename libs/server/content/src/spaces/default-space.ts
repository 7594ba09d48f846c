import { QuarryError } from '@quarry/domain';
import type { SpaceEntity } from '@quarry/server/database';

import type { ProjectSpaces } from './project-spaces';

/**
 * The space of a chart or dashboard created without one (the reference's first writable space); a 400 naming spaceUuid when there is none.
 */
export function defaultSpace(spaces: ProjectSpaces): SpaceEntity {
  const space = spaces.firstWritableRoot();
  if (!space) {
    throw new QuarryError('ValidationError', 'Invalid request: spaceUuid is required: you can write to no space of this project', {
      spaceUuid: ['spaceUuid is required: you can write to no top-level space of this project'],
    });
  }
  return space;
}
