import type { PinnedItemType } from '@quarry/server/database';

import type { ProjectSpaces } from '../spaces/project-spaces';

/** What a pinned item shows in `data`, besides its pin (`pinnedListUuid`, `pinnedListOrder`). */
export type PinnedItemData = Record<string, unknown> & { uuid: string };

/**
 * Each kind of pinnable content describes its pinned items, keeping only those the caller may
 * see (private spaces filtered). Spaces register here; charts and dashboards add theirs.
 */
export interface PinnedItemSource {
  readonly type: PinnedItemType;
  /** The caller-visible items among `uuids`, by uuid; items that are gone or hidden are left out. */
  describe(spaces: ProjectSpaces, uuids: readonly string[]): Promise<Map<string, PinnedItemData>>;
  /** Throws 404/403 unless the caller may see the item in this project; the item's uuid on success. */
  assertVisible(spaces: ProjectSpaces, uuid: string): Promise<void>;
}

export const PINNED_ITEM_SOURCES = Symbol('PINNED_ITEM_SOURCES');
