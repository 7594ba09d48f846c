import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, type Principal, QuarryError } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import { type PinnedItemRow, PinnedItemsRepository, type PinnedItemType, type PinnedListEntity } from '@quarry/server/database';

import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { PINNED_ITEM_SOURCES, type PinnedItemData, type PinnedItemSource } from './pinned-item-sources';

export interface PinnedItemView {
  type: PinnedItemType;
  category: 'pinned';
  data: PinnedItemData & { pinnedListUuid: string; pinnedListOrder: number };
}

export interface PinningView {
  projectUuid: string;
  pinnedListUuid: string;
  isPinned: boolean;
  spaceUuid?: string;
  savedChartUuid?: string;
  dashboardUuid?: string;
}

export interface PinnedOrderRequest {
  type: PinnedItemType;
  data: { uuid: string; pinnedListOrder: number };
}

/** Spaces first, then charts, then dashboards; each by its order in the list. */
const TYPE_ORDER: PinnedItemType[] = ['space', 'chart', 'dashboard'];

/** One pinned list per project: editors pin and reorder, everyone lists what they may see. */
@Injectable()
export class PinsService {
  private readonly sources: Map<PinnedItemType, PinnedItemSource>;

  constructor(
    private readonly pins: PinnedItemsRepository,
    private readonly access: SpaceAccessService,
    private readonly policy: PolicyService,
    @Inject(PINNED_ITEM_SOURCES) sources: PinnedItemSource[],
  ) {
    this.sources = new Map(sources.map((source) => [source.type, source]));
  }

  /** The project's pinned list (created on first use), for clients that need its uuid before pinning. */
  async listFor(principal: Principal, projectUuid: string): Promise<{ projectUuid: string; pinnedListUuid: string }> {
    await this.access.forProject(principal, projectUuid);
    const list = await this.pins.ensureList(projectUuid);
    return { projectUuid, pinnedListUuid: list.pinnedListUuid };
  }

  /** Pins the item, or unpins it when it is pinned. */
  async toggle(principal: Principal, projectUuid: string, type: PinnedItemType, uuid: string): Promise<PinningView> {
    const spaces = await this.access.forProject(principal, projectUuid);
    await this.source(type).assertVisible(spaces, uuid);
    await this.policy.assertProject(principal, spaces.project, 'pins:manage');
    const list = await this.pins.ensureList(projectUuid);
    const isPinned = await this.pins.toggle(list.pinnedListUuid, type, uuid);
    const key = type === 'space' ? 'spaceUuid' : type === 'chart' ? 'savedChartUuid' : 'dashboardUuid';
    return { projectUuid, pinnedListUuid: list.pinnedListUuid, isPinned, [key]: uuid };
  }

  async items(principal: Principal, projectUuid: string, pinnedListUuid: string): Promise<PinnedItemView[]> {
    const spaces = await this.access.forProject(principal, projectUuid);
    await this.projectList(spaces, pinnedListUuid);
    return this.visibleItems(spaces, await this.pins.items(pinnedListUuid));
  }

  /** E16: sets the order of pinned items, then answers the list as `items` does. */
  async reorder(
    principal: Principal,
    projectUuid: string,
    pinnedListUuid: string,
    order: readonly PinnedOrderRequest[],
  ): Promise<PinnedItemView[]> {
    const spaces = await this.access.forProject(principal, projectUuid);
    await this.policy.assertProject(principal, spaces.project, 'pins:manage');
    await this.projectList(spaces, pinnedListUuid);
    const pinned = await this.pins.items(pinnedListUuid);
    const isPinned = (entry: PinnedOrderRequest) =>
      pinned.some((row) => row.itemType === entry.type && row.itemUuid === entry.data.uuid.toLowerCase());
    const unknown = order.findIndex((entry) => !isPinned(entry));
    if (unknown >= 0) {
      throw new QuarryError('ValidationError', `Invalid request: [${unknown}].data.uuid is not pinned in this list`, {
        [`${unknown}.data.uuid`]: ['this item is not pinned in this list'],
      });
    }
    await this.pins.reorder(
      pinnedListUuid,
      order.map((entry) => ({ itemType: entry.type, itemUuid: entry.data.uuid.toLowerCase(), itemOrder: entry.data.pinnedListOrder })),
    );
    return this.visibleItems(spaces, await this.pins.items(pinnedListUuid));
  }

  private async projectList(spaces: ProjectSpaces, pinnedListUuid: string): Promise<PinnedListEntity> {
    const list = await this.pins.findList(pinnedListUuid);
    // Another project's list is as missing as none: its existence is no business of this project's members.
    if (!list || list.projectUuid !== spaces.projectUuid) throw new NotFoundError('Pinned list not found', { pinnedListUuid });
    return list;
  }

  private async visibleItems(spaces: ProjectSpaces, rows: readonly PinnedItemRow[]): Promise<PinnedItemView[]> {
    const views: PinnedItemView[] = [];
    for (const type of TYPE_ORDER) {
      const source = this.sources.get(type);
      const ofType = rows.filter((row) => row.itemType === type);
      // Kinds without a source (charts and dashboards before they are stored) have nothing to show.
      if (!source || ofType.length === 0) continue;
      const described = await source.describe(
        spaces,
        ofType.map((row) => row.itemUuid),
      );
      for (const row of ofType) {
        const data = described.get(row.itemUuid);
        if (data)
          views.push({ type, category: 'pinned', data: { ...data, pinnedListUuid: row.pinnedListUuid, pinnedListOrder: row.itemOrder } });
      }
    }
    return views;
  }

  private source(type: PinnedItemType): PinnedItemSource {
    const source = this.sources.get(type);
    if (!source) throw new NotFoundError(`Pinning ${type}s is not available`, { type });
    return source;
  }
}
