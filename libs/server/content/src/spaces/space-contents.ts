import type { ProjectSpaces } from './project-spaces';

export interface SpaceContentCounts {
  chartCount: number;
  dashboardCount: number;
}

/** A space's charts (`queries`) and dashboards, as the summaries E3 shows. */
export interface SpaceContentLists {
  queries: Array<Record<string, unknown>>;
  dashboards: Array<Record<string, unknown>>;
}

/**
 * What a space holds. Charts and dashboards are stored by their own services; they provide this
 * under SPACE_CONTENTS so spaces can count and list them without knowing their tables.
 */
export interface SpaceContents {
  counts(projectUuid: string, spaceUuids: readonly string[]): Promise<Map<string, SpaceContentCounts>>;
  /** What the caller may see in the space (the caller may see the space itself). */
  lists(spaces: ProjectSpaces, spaceUuid: string): Promise<SpaceContentLists>;
}

export const SPACE_CONTENTS = Symbol('SPACE_CONTENTS');

/**
 * Until saved charts and dashboards are stored, spaces hold nothing: counts are 0 and lists are
 * empty. The charts/dashboards services replace this provider in ContentModule.
 */
export class NoStoredSpaceContents implements SpaceContents {
  async counts(_projectUuid: string, spaceUuids: readonly string[]): Promise<Map<string, SpaceContentCounts>> {
    return new Map(spaceUuids.map((spaceUuid) => [spaceUuid, { chartCount: 0, dashboardCount: 0 }]));
  }

  async lists(): Promise<SpaceContentLists> {
    return { queries: [], dashboards: [] };
  }
}
