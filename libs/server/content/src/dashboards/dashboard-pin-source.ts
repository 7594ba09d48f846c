import { Injectable } from '@nestjs/common';
import { DashboardsRepository } from '@quarry/server/database';

import type { PinnedItemData, PinnedItemSource } from '../pins/pinned-item-sources';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { toDashboardSummary } from './dashboard-view';
import { dashboardNotFound } from './dashboards.service';

/** Pinned dashboards: their summaries, for dashboards in spaces the caller may see. */
@Injectable()
export class DashboardPinSource implements PinnedItemSource {
  readonly type = 'dashboard' as const;

  constructor(private readonly dashboards: DashboardsRepository) {}

  async describe(spaces: ProjectSpaces, uuids: readonly string[]): Promise<Map<string, PinnedItemData>> {
    const rows = await this.dashboards.listInSpaces(
      spaces.projectUuid,
      spaces.visible().map((space) => space.spaceUuid),
    );
    const wanted = new Set(uuids);
    // The pin itself (list and order) is added by PinsService.
    return new Map(
      rows
        .filter((row) => wanted.has(row.dashboardUuid))
        .map((row) => [row.dashboardUuid, { ...toDashboardSummary(row, undefined) } as PinnedItemData]),
    );
  }

  async assertVisible(spaces: ProjectSpaces, uuid: string): Promise<void> {
    const dashboard = await this.dashboards.findByUuid(uuid);
    if (!dashboard || dashboard.projectUuid !== spaces.projectUuid || !spaces.access(dashboard.spaceUuid)) throw dashboardNotFound(uuid);
  }
}
