import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@quarry/domain';
import { SavedChartsRepository } from '@quarry/server/database';

import type { PinnedItemData, PinnedItemSource } from '../pins/pinned-item-sources';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { toChartSummary } from './chart-view';

/** Pinned charts: their summaries, for charts in spaces the caller may see. */
@Injectable()
export class ChartPinSource implements PinnedItemSource {
  readonly type = 'chart' as const;

  constructor(private readonly charts: SavedChartsRepository) {}

  async describe(spaces: ProjectSpaces, uuids: readonly string[]): Promise<Map<string, PinnedItemData>> {
    const rows = await this.charts.listInSpaces(
      spaces.projectUuid,
      spaces.visible().map((space) => space.spaceUuid),
      { includeDashboardCharts: true },
    );
    const wanted = new Set(uuids);
    // The pin itself (list and order) is added by PinsService.
    return new Map(
      rows
        .filter((row) => wanted.has(row.savedChartUuid))
        .map((row) => [row.savedChartUuid, { ...toChartSummary(row, undefined) } as PinnedItemData]),
    );
  }

  async assertVisible(spaces: ProjectSpaces, uuid: string): Promise<void> {
    const chart = await this.charts.findByUuid(uuid);
    if (!chart || chart.projectUuid !== spaces.projectUuid || !spaces.access(chart.spaceUuid))
      throw new NotFoundError('Saved chart not found', { chartUuid: uuid });
  }
}
