import { Injectable } from '@nestjs/common';

import type { PinnedItemData, PinnedItemSource } from '../pins/pinned-item-sources';
import type { ProjectSpaces } from './project-spaces';
import { SpacesService } from './spaces.service';

/** Pinned spaces: their summaries, for the spaces the caller may see. */
@Injectable()
export class SpacePinSource implements PinnedItemSource {
  readonly type = 'space' as const;

  constructor(private readonly spacesService: SpacesService) {}

  async describe(spaces: ProjectSpaces, uuids: readonly string[]): Promise<Map<string, PinnedItemData>> {
    const visible = uuids.map((uuid) => spaces.find(uuid)).filter((space) => space !== undefined && spaces.access(space.spaceUuid) !== undefined);
    const summaries = await this.spacesService.summaries(spaces, visible as NonNullable<(typeof visible)[number]>[]);
    return new Map(
      summaries.map((summary) => {
        const space = spaces.find(summary.uuid);
        // The fields every pinned item carries; spaces have no description, editor trail or view counter.
        const common = {
          description: null,
          updatedAt: space?.updatedAt.toISOString() ?? null,
          spaceUuid: summary.parentSpaceUuid,
          updatedByUser: null,
          views: null,
          firstViewedAt: null,
          validationErrors: [],
        };
        return [summary.uuid, { ...common, ...summary }];
      }),
    );
  }

  async assertVisible(spaces: ProjectSpaces, uuid: string): Promise<void> {
    spaces.assert(uuid, 'space:view');
  }
}
