import { Inject, Injectable } from '@nestjs/common';
import { UsersRepository } from '@quarry/server/database';

import type { PinnedItemData, PinnedItemSource } from '../pins/pinned-item-sources';
import type { ProjectSpaces } from './project-spaces';
import { SPACE_CONTENTS, type SpaceContents } from './space-contents';
import { SpacesService } from './spaces.service';

interface ContentViews {
  views: number;
  firstViewedAt: string | null;
}

/** Views of what the space shows (its charts and dashboards): a space has no view counter of its own. */
function viewsOf(content: ReadonlyArray<Record<string, unknown>>): ContentViews {
  let views = 0;
  let firstViewedAt: string | null = null;
  for (const item of content) {
    views += typeof item['views'] === 'number' ? item['views'] : 0;
    const first = item['firstViewedAt'];
    if (typeof first === 'string' && (firstViewedAt === null || first < firstViewedAt)) firstViewedAt = first;
  }
  return { views, firstViewedAt };
}

/** Pinned spaces: their summaries, for the spaces the caller may see. */
@Injectable()
export class SpacePinSource implements PinnedItemSource {
  readonly type = 'space' as const;

  constructor(
    private readonly spacesService: SpacesService,
    @Inject(SPACE_CONTENTS) private readonly contents: SpaceContents,
    private readonly users: UsersRepository,
  ) {}

  async describe(spaces: ProjectSpaces, uuids: readonly string[]): Promise<Map<string, PinnedItemData>> {
    const visible = uuids
      .map((uuid) => spaces.find(uuid))
      .filter((space) => space !== undefined && spaces.access(space.spaceUuid) !== undefined);
    const summaries = await this.spacesService.summaries(spaces, visible as NonNullable<(typeof visible)[number]>[]);
    const described = await Promise.all(
      summaries.map(async (summary): Promise<[string, PinnedItemData]> => {
        const space = spaces.find(summary.uuid);
        const [lists, creator] = await Promise.all([
          this.contents.lists(spaces, summary.uuid),
          space?.createdByUserUuid
            ? this.users.findMember(spaces.project.organizationUuid, space.createdByUserUuid)
            : Promise.resolve(null),
        ]);
        // The fields every pinned item carries. A space is its own place (`spaceUuid`); Quarry
        // records who created a space, not who last renamed it, so the creator stands as its editor.
        const common = {
          description: null,
          updatedAt: space?.updatedAt.toISOString() ?? null,
          spaceUuid: summary.uuid,
          updatedByUser: creator ? { userUuid: creator.userUuid, firstName: creator.firstName, lastName: creator.lastName } : null,
          ...viewsOf([...lists.queries, ...lists.dashboards]),
          validationErrors: [],
        };
        return [summary.uuid, { ...common, ...summary }];
      }),
    );
    return new Map(described);
  }

  async assertVisible(spaces: ProjectSpaces, uuid: string): Promise<void> {
    spaces.assert(uuid, 'space:view');
  }
}
