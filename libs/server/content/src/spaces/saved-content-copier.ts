import { randomUUID } from 'node:crypto';

import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Principal } from '@quarry/domain';
import { DashboardsRepository, SavedChartsRepository, SavedSqlChartsRepository, SpacesRepository } from '@quarry/server/database';
import { type ProjectContentCopier, ProjectContentCopiers } from '@quarry/server/projects';

import { remapTileCharts } from '../promotion/promotion-plan';
import { copyableSpaces } from './copyable-spaces';
import { SpaceAccessService } from './space-access.service';

/**
 * Copies a project's dashboards, saved charts and SQL charts into a new preview project (E15
 * `copyContent`), after its spaces: each lands in the copy of its space (matched by path) with
 * the same slug and its latest version; chart tiles point at the chart copies. Only content of
 * the spaces the creator may view is copied (see copyableSpaces); a tile showing a chart left
 * behind keeps no reference to it.
 */
@Injectable()
export class SavedContentCopier implements ProjectContentCopier, OnModuleInit {
  readonly name = 'charts and dashboards';
  /** After the spaces (0): content lands in the copies of its spaces. */
  readonly order = 1;

  constructor(
    private readonly spaces: SpacesRepository,
    private readonly charts: SavedChartsRepository,
    private readonly dashboards: DashboardsRepository,
    private readonly sqlCharts: SavedSqlChartsRepository,
    private readonly access: SpaceAccessService,
    private readonly registry: ProjectContentCopiers,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async copy(fromProjectUuid: string, toProjectUuid: string, by: Principal): Promise<void> {
    const byUserUuid = by.userUuid;
    const [upstream, toSpaces, allCharts, allDashboards, allSqlCharts] = await Promise.all([
      this.access.forProject(by, fromProjectUuid),
      this.spaces.listForProject(toProjectUuid),
      this.charts.listForProject(fromProjectUuid),
      this.dashboards.listForProject(fromProjectUuid),
      this.sqlCharts.listForProject(fromProjectUuid),
    ]);
    const fromSpaces = copyableSpaces(upstream);
    const copied = new Set(fromSpaces.map((space) => space.spaceUuid));
    const charts = allCharts.filter((chart) => copied.has(chart.spaceUuid));
    const dashboards = allDashboards.filter((dashboard) => copied.has(dashboard.spaceUuid));
    const sqlCharts = allSqlCharts.filter((sqlChart) => copied.has(sqlChart.spaceUuid));
    const toSpaceByPath = new Map(toSpaces.map((space) => [space.path, space.spaceUuid]));
    const spaceCopy = new Map(fromSpaces.map((space) => [space.spaceUuid, toSpaceByPath.get(space.path)]));
    const copyOfSpace = (spaceUuid: string) => {
      const copy = spaceCopy.get(spaceUuid);
      if (!copy) throw new Error(`The copy of space ${spaceUuid} is missing`);
      return copy;
    };
    const chartCopies = new Map(charts.map((chart) => [chart.savedChartUuid, randomUUID()]));
    const dashboardCopies = new Map(dashboards.map((dashboard) => [dashboard.dashboardUuid, randomUUID()]));

    // Dashboards first (charts saved in them refer to them); their tiles already name the chart copies.
    for (const dashboard of dashboards) {
      const { name, description, slug, tabs, filters, config, parameters } = dashboard;
      await this.dashboards.create(
        {
          dashboardUuid: dashboardCopies.get(dashboard.dashboardUuid) as string,
          projectUuid: toProjectUuid,
          spaceUuid: copyOfSpace(dashboard.spaceUuid),
          name,
          description,
          slug,
        },
        { tiles: remapTileCharts(dashboard.tiles, chartCopies), tabs, filters, config, parameters },
        byUserUuid,
      );
    }
    for (const chart of charts) {
      const { name, description, slug, tableName, metricQuery, chartConfig, tableConfig, pivotConfig, chartKind } = chart;
      await this.charts.create(
        {
          savedChartUuid: chartCopies.get(chart.savedChartUuid) as string,
          projectUuid: toProjectUuid,
          spaceUuid: copyOfSpace(chart.spaceUuid),
          dashboardUuid: chart.dashboardUuid ? (dashboardCopies.get(chart.dashboardUuid) ?? null) : null,
          name,
          description,
          slug,
        },
        { tableName, metricQuery, chartConfig, tableConfig, pivotConfig, chartKind },
        byUserUuid,
      );
    }
    for (const sqlChart of sqlCharts) {
      const { name, description, slug, sql, limit, config, chartKind } = sqlChart;
      await this.sqlCharts.create(
        { savedSqlUuid: randomUUID(), projectUuid: toProjectUuid, spaceUuid: copyOfSpace(sqlChart.spaceUuid), name, description, slug },
        { sql, limit, config, chartKind },
        byUserUuid,
      );
    }
  }
}
