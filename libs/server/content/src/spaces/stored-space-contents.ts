import { Injectable } from '@nestjs/common';
import { DashboardsRepository, PinnedItemsRepository, SavedChartsRepository } from '@quarry/server/database';

import { toChartSummary } from '../charts/chart-view';
import { toDashboardSummary } from '../dashboards/dashboard-view';
import type { ProjectSpaces } from './project-spaces';
import type { SpaceContentCounts, SpaceContentLists, SpaceContents } from './space-contents';

/**
 * What spaces hold, read from the charts and dashboards tables. Charts saved inside a dashboard
 * belong to the dashboard: they are neither counted nor listed in the space.
 */
@Injectable()
export class StoredSpaceContents implements SpaceContents {
  constructor(
    private readonly charts: SavedChartsRepository,
    private readonly dashboards: DashboardsRepository,
    private readonly pins: PinnedItemsRepository,
  ) {}

  async counts(_projectUuid: string, spaceUuids: readonly string[]): Promise<Map<string, SpaceContentCounts>> {
    const [charts, dashboards] = await Promise.all([this.charts.countBySpace(spaceUuids), this.dashboards.countBySpace(spaceUuids)]);
    return new Map(
      spaceUuids.map((spaceUuid) => [
        spaceUuid,
        { chartCount: charts.get(spaceUuid) ?? 0, dashboardCount: dashboards.get(spaceUuid) ?? 0 },
      ]),
    );
  }

  async lists(spaces: ProjectSpaces, spaceUuid: string): Promise<SpaceContentLists> {
    const [charts, dashboards] = await Promise.all([
      this.charts.listInSpaces(spaces.projectUuid, [spaceUuid], { includeDashboardCharts: false }),
      this.dashboards.listInSpaces(spaces.projectUuid, [spaceUuid]),
    ]);
    const [chartPins, dashboardPins] = await Promise.all([
      this.pins.pinsOf(
        spaces.projectUuid,
        'chart',
        charts.map((chart) => chart.savedChartUuid),
      ),
      this.pins.pinsOf(
        spaces.projectUuid,
        'dashboard',
        dashboards.map((dashboard) => dashboard.dashboardUuid),
      ),
    ]);
    return {
      queries: charts.map((chart) => ({ ...toChartSummary(chart, chartPins.get(chart.savedChartUuid)) })),
      dashboards: dashboards.map((dashboard) => ({ ...toDashboardSummary(dashboard, dashboardPins.get(dashboard.dashboardUuid)) })),
    };
  }
}
