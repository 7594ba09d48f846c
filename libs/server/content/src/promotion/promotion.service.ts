import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError, type Principal, QuarryError } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import { type DashboardRow, DashboardsRepository, ProjectsRepository, type SavedChartRow, SavedChartsRepository, SpacesRepository } from '@quarry/server/database';
import { UserSqlGate } from '@quarry/server/projects';

import type { ContentChanges } from '../as-code/content-changes';
import type { ChartView } from '../charts/chart-view';
import { ChartsService } from '../charts/charts.service';
import type { DashboardView } from '../dashboards/dashboard-view';
import { DashboardsService } from '../dashboards/dashboards.service';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { planPromotion, type PromotionSource, type PromotionTarget, remapTileCharts } from './promotion-plan';

interface Prepared {
  source: PromotionSource;
  target: PromotionTarget;
  changes: ContentChanges;
}

/**
 * E10: promotes a dashboard (with its charts) or a chart from a preview project to its upstream
 * project. Content is matched by slug and spaces by path; `promoteDiff` answers the plan only.
 */
@Injectable()
export class PromotionService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly spaces: SpacesRepository,
    private readonly charts: SavedChartsRepository,
    private readonly dashboards: DashboardsRepository,
    private readonly chartsService: ChartsService,
    private readonly dashboardsService: DashboardsService,
    private readonly access: SpaceAccessService,
    private readonly policy: PolicyService,
    private readonly gate: UserSqlGate,
  ) {}

  async dashboardDiff(principal: Principal, dashboardUuid: string): Promise<ContentChanges> {
    return (await this.prepareDashboard(principal, dashboardUuid)).changes;
  }

  async promoteDashboard(principal: Principal, dashboardUuid: string): Promise<DashboardView> {
    const prepared = await this.prepareDashboard(principal, dashboardUuid);
    const upstream = await this.apply(principal, prepared);
    const dashboard = await this.dashboards.findBySlug(upstream.projectUuid, (prepared.source.dashboard as DashboardRow).slug);
    return this.dashboardsService.viewOf(upstream, dashboard as DashboardRow);
  }

  async chartDiff(principal: Principal, chartUuid: string): Promise<ContentChanges> {
    return (await this.prepareChart(principal, chartUuid)).changes;
  }

  async promoteChart(principal: Principal, chartUuid: string): Promise<ChartView> {
    const prepared = await this.prepareChart(principal, chartUuid);
    const upstream = await this.apply(principal, prepared);
    const chart = (await this.charts.findBySlug(upstream.projectUuid, (prepared.source.charts[0] as SavedChartRow).slug)) as SavedChartRow;
    return this.chartsService.read(principal, chart.savedChartUuid);
  }

  private async prepareDashboard(principal: Principal, dashboardUuid: string): Promise<Prepared> {
    const { spaces, dashboard } = await this.dashboardsService.authorized(principal, dashboardUuid, 'space:view');
    const chartUuids = dashboard.tiles.filter((tile) => tile.type === 'saved_chart').map((tile) => String(tile.properties['savedChartUuid']));
    const found = new Map((await this.charts.listByUuids(chartUuids)).map((chart) => [chart.savedChartUuid, chart]));
    // In tile order, each chart once; only charts of the project the caller may see.
    const charts = [...new Set(chartUuids)]
      .map((uuid) => found.get(uuid))
      .filter((chart): chart is SavedChartRow => chart !== undefined && chart.projectUuid === spaces.projectUuid && spaces.access(chart.spaceUuid) !== undefined);
    return this.prepare(principal, { spaces, charts, dashboard }, 'dashboard');
  }

  private async prepareChart(principal: Principal, chartUuid: string): Promise<Prepared> {
    const { spaces, chart } = await this.chartsService.authorized(principal, chartUuid, 'space:view');
    if (chart.dashboardUuid) {
      throw new QuarryError('ValidationError', 'Invalid request: this chart is saved in a dashboard; promote the dashboard', { chartUuid: ['promote the dashboard this chart is saved in'] });
    }
    return this.prepare(principal, { spaces, charts: [chart], dashboard: null }, 'chart');
  }

  private async prepare(principal: Principal, source: PromotionSource, kind: string): Promise<Prepared> {
    await this.policy.assertProject(principal, source.spaces.project, 'content:promote');
    const upstreamUuid = source.spaces.project.upstreamProjectUuid;
    if (!upstreamUuid || !(await this.projects.findByUuid(upstreamUuid))) {
      throw new NotFoundError(`This ${kind} does not have an upstream project: only content of a preview project with an upstream can be promoted`, {
        projectUuid: source.spaces.projectUuid,
      });
    }
    const upstream = await this.access.forProject(principal, upstreamUuid);
    try {
      await this.policy.assertProject(principal, upstream.project, 'content:promote');
    } catch (error) {
      if (error instanceof ForbiddenError) throw new ForbiddenError('Failed to promote: you may not promote content into the upstream project', error.data);
      throw error;
    }
    const target = await this.target(upstream, source);
    return { source, target, changes: planPromotion(source, target) };
  }

  private async target(upstream: ProjectSpaces, source: PromotionSource): Promise<PromotionTarget> {
    const chartsBySlug = new Map<string, SavedChartRow>();
    for (const chart of source.charts) {
      const found = await this.charts.findBySlug(upstream.projectUuid, chart.slug);
      if (found) chartsBySlug.set(chart.slug, found);
    }
    const dashboard = source.dashboard ? await this.dashboards.findBySlug(upstream.projectUuid, source.dashboard.slug) : null;
    const tileChartUuids = (dashboard?.tiles ?? []).filter((tile) => tile.type === 'saved_chart').map((tile) => String(tile.properties['savedChartUuid']));
    const tileCharts = await this.charts.listByUuids(tileChartUuids);
    return { spaces: upstream, chartsBySlug, dashboard, chartSlugs: new Map(tileCharts.map((chart) => [chart.savedChartUuid, chart.slug])) };
  }

  /** Makes the planned changes upstream, checking the caller's rights there at each step; the refreshed upstream spaces. */
  private async apply(principal: Principal, { source, target, changes }: Prepared): Promise<ProjectSpaces> {
    let upstream = target.spaces;
    const projectUuid = upstream.projectUuid;
    // The charts' SQL runs upstream: the caller's role there, and the upstream warehouse's dialect, decide — before anything is written.
    for (const [index, chart] of source.charts.entries()) await this.gate.assertStorable(principal, projectUuid, chart, `charts[${index}].metricQuery.`);
    for (const change of changes.spaces) {
      const sourceSpace = source.spaces.all().find((space) => space.path === change.data.path);
      if (change.action === 'create' && sourceSpace) {
        const parent = change.data.parentPath ? upstream.all().find((space) => space.path === change.data.parentPath) : undefined;
        if (parent) upstream.assert(parent.spaceUuid, 'space:manage-content');
        else await this.policy.assertProject(principal, upstream.project, 'space:create');
        // A private space takes its direct shares along, so the same people see it upstream.
        const [users, groups] = sourceSpace.isPrivate
          ? await Promise.all([this.spaces.userShares([sourceSpace.spaceUuid]), this.spaces.groupShares([sourceSpace.spaceUuid])])
          : [[], []];
        const spaceUuid = randomUUID();
        await this.spaces.create(
          { ...sourceSpace, spaceUuid, projectUuid, parentSpaceUuid: parent?.spaceUuid ?? null, createdByUserUuid: principal.userUuid },
          [...users.map(({ userUuid, spaceRole }) => ({ userUuid, spaceRole })), { userUuid: principal.userUuid, spaceRole: 'admin' as const }],
          groups.map(({ groupUuid, spaceRole }) => ({ groupUuid, spaceRole })),
        );
        change.data.uuid = spaceUuid;
        upstream = await this.access.forProject(principal, projectUuid);
      } else if (change.action === 'update' && change.data.uuid) {
        upstream.assert(change.data.uuid, 'space:manage');
        await this.spaces.update(change.data.uuid, { name: change.data.name });
      }
    }
    const upstreamSpace = (path: string) => {
      const space = upstream.all().find((candidate) => candidate.path === path);
      if (!space) throw new QuarryError('ConflictError', `Space ${path} is missing upstream`, { path });
      return upstream.assert(space.spaceUuid, 'space:manage-content');
    };

    let dashboardUuid = target.dashboard?.dashboardUuid ?? null;
    const dashboard = source.dashboard;
    if (dashboard && !dashboardUuid) {
      // Created empty first: charts saved in it need the dashboard; its tiles follow once they exist.
      dashboardUuid = randomUUID();
      const space = upstreamSpace(source.spaces.find(dashboard.spaceUuid)?.path ?? '');
      await this.dashboards.create(
        { dashboardUuid, projectUuid, spaceUuid: space.spaceUuid, name: dashboard.name, description: dashboard.description, slug: dashboard.slug },
        { tiles: [], tabs: dashboard.tabs, filters: dashboard.filters, config: dashboard.config, parameters: dashboard.parameters },
        principal.userUuid,
      );
    }

    const upstreamChartUuids = new Map<string, string>();
    for (const [index, chart] of source.charts.entries()) {
      const change = changes.charts[index];
      if (!change) continue;
      const space = upstreamSpace(change.data.spacePath);
      const identity = {
        name: chart.name,
        description: chart.description,
        spaceUuid: space.spaceUuid,
        dashboardUuid: chart.dashboardUuid !== null && chart.dashboardUuid === dashboard?.dashboardUuid ? dashboardUuid : null,
      };
      const content = { tableName: chart.tableName, metricQuery: chart.metricQuery, chartConfig: chart.chartConfig, tableConfig: chart.tableConfig, pivotConfig: chart.pivotConfig, chartKind: chart.chartKind };
      if (change.action === 'create') {
        const savedChartUuid = randomUUID();
        await this.charts.create({ savedChartUuid, projectUuid, slug: chart.slug, ...identity }, content, principal.userUuid);
        change.data.uuid = savedChartUuid;
      } else if (change.action === 'update' && change.data.uuid) {
        upstream.assert((target.chartsBySlug.get(chart.slug) as SavedChartRow).spaceUuid, 'space:manage-content');
        await this.charts.addVersion(change.data.uuid, identity, content, principal.userUuid);
      }
      upstreamChartUuids.set(chart.savedChartUuid, change.data.uuid as string);
    }

    const dashboardChange = changes.dashboards[0];
    if (dashboard && dashboardUuid && dashboardChange && dashboardChange.action !== 'no changes') {
      const space = upstreamSpace(dashboardChange.data.spacePath);
      const tiles = remapTileCharts(dashboard.tiles, upstreamChartUuids);
      await this.dashboards.addVersion(
        dashboardUuid,
        { name: dashboard.name, description: dashboard.description, spaceUuid: space.spaceUuid },
        { tiles, tabs: dashboard.tabs, filters: dashboard.filters, config: dashboard.config, parameters: dashboard.parameters },
        principal.userUuid,
      );
      dashboardChange.data.uuid = dashboardUuid;
    }
    return upstream;
  }
}
