import { Injectable } from '@nestjs/common';
import {
  ForbiddenError,
  hasAtLeastRole,
  NotFoundError,
  type Principal,
  PROJECT_ACTIONS,
  type ProjectRole,
  QuarryError,
} from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import {
  ContentTransactions,
  type DashboardRow,
  DashboardsRepository,
  ProjectsRepository,
  type SavedChartRow,
  SavedChartsRepository,
  SpacesRepository,
} from '@quarry/server/database';
import { UserSqlGate } from '@quarry/server/projects';

import type { ContentChanges } from '../as-code/content-changes';
import type { ChartView } from '../charts/chart-view';
import { ChartsService } from '../charts/charts.service';
import type { DashboardView } from '../dashboards/dashboard-view';
import { DashboardsService } from '../dashboards/dashboards.service';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { type AppliedPromotion, applyPromotion } from './promotion-apply';
import { planPromotion, type PromotionSource, type PromotionTarget, visibleTarget } from './promotion-plan';
import { assertPromotionAllowed } from './promotion-rights';

interface Prepared {
  source: PromotionSource;
  /** The caller's view of the upstream project, as of planning. */
  upstream: ProjectSpaces;
  /** Whether the caller may create root spaces upstream. */
  mayCreateSpaces: boolean;
  target: PromotionTarget;
  changes: ContentChanges;
}

/**
 * E10: promotes a dashboard (with its charts) or a chart from a preview project to its upstream
 * project. Content is matched by slug and spaces by path, among the upstream content the caller
 * may view (what they cannot see is planned as absent); `promoteDiff` answers the plan only.
 * Promoting checks every right the plan needs first, then writes it in one transaction.
 */
@Injectable()
export class PromotionService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly spaces: SpacesRepository,
    private readonly charts: SavedChartsRepository,
    private readonly dashboards: DashboardsRepository,
    private readonly transactions: ContentTransactions,
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
    const applied = await this.apply(principal, prepared, 'dashboard');
    const upstream = await this.access.forProject(principal, prepared.upstream.projectUuid);
    const dashboard = await this.dashboards.findByUuid(applied.dashboardUuid as string);
    return this.dashboardsService.viewOf(upstream, dashboard as DashboardRow);
  }

  async chartDiff(principal: Principal, chartUuid: string): Promise<ContentChanges> {
    return (await this.prepareChart(principal, chartUuid)).changes;
  }

  async promoteChart(principal: Principal, chartUuid: string): Promise<ChartView> {
    const prepared = await this.prepareChart(principal, chartUuid);
    const applied = await this.apply(principal, prepared, 'chart');
    return this.chartsService.read(
      principal,
      applied.chartUuids.get((prepared.source.charts[0] as SavedChartRow).savedChartUuid) as string,
    );
  }

  private async prepareDashboard(principal: Principal, dashboardUuid: string): Promise<Prepared> {
    const { spaces, dashboard } = await this.dashboardsService.authorized(principal, dashboardUuid, 'space:view');
    const chartUuids = dashboard.tiles
      .filter((tile) => tile.type === 'saved_chart')
      .map((tile) => String(tile.properties['savedChartUuid']));
    const found = new Map((await this.charts.listByUuids(chartUuids)).map((chart) => [chart.savedChartUuid, chart]));
    // In tile order, each chart once; only charts of the project the caller may see.
    const charts = [...new Set(chartUuids)]
      .map((uuid) => found.get(uuid))
      .filter(
        (chart): chart is SavedChartRow =>
          chart !== undefined && chart.projectUuid === spaces.projectUuid && spaces.access(chart.spaceUuid) !== undefined,
      );
    return this.prepare(principal, { spaces, charts, dashboard }, 'dashboard');
  }

  private async prepareChart(principal: Principal, chartUuid: string): Promise<Prepared> {
    const { spaces, chart } = await this.chartsService.authorized(principal, chartUuid, 'space:view');
    if (chart.dashboardUuid) {
      throw new QuarryError('ValidationError', 'Invalid request: this chart is saved in a dashboard; promote the dashboard', {
        chartUuid: ['promote the dashboard this chart is saved in'],
      });
    }
    return this.prepare(principal, { spaces, charts: [chart], dashboard: null }, 'chart');
  }

  private async prepare(principal: Principal, source: PromotionSource, kind: string): Promise<Prepared> {
    await this.policy.assertProject(principal, source.spaces.project, 'content:promote');
    const upstreamUuid = source.spaces.project.upstreamProjectUuid;
    if (!upstreamUuid || !(await this.projects.findByUuid(upstreamUuid))) {
      throw new NotFoundError(
        `This ${kind} does not have an upstream project: only content of a preview project with an upstream can be promoted`,
        {
          projectUuid: source.spaces.projectUuid,
        },
      );
    }
    const upstream = await this.access.forProject(principal, upstreamUuid);
    let upstreamRole: ProjectRole;
    try {
      upstreamRole = await this.policy.assertProject(principal, upstream.project, 'content:promote');
    } catch (error) {
      if (error instanceof ForbiddenError)
        throw new ForbiddenError('Failed to promote: you may not promote content into the upstream project', error.data);
      throw error;
    }
    const target = await this.target(upstream, source);
    return {
      source,
      upstream,
      mayCreateSpaces: hasAtLeastRole(upstreamRole, PROJECT_ACTIONS['space:create']),
      target,
      changes: planPromotion(source, target),
    };
  }

  /** The upstream content with the promoted slugs, reduced to what the caller may view there. */
  private async target(upstream: ProjectSpaces, source: PromotionSource): Promise<PromotionTarget> {
    const charts: SavedChartRow[] = [];
    for (const chart of source.charts) {
      const found = await this.charts.findBySlug(upstream.projectUuid, chart.slug);
      if (found) charts.push(found);
    }
    const dashboard = source.dashboard ? await this.dashboards.findBySlug(upstream.projectUuid, source.dashboard.slug) : null;
    const tileChartUuids = (dashboard?.tiles ?? [])
      .filter((tile) => tile.type === 'saved_chart')
      .map((tile) => String(tile.properties['savedChartUuid']));
    return visibleTarget(upstream, { charts, dashboard, tileCharts: await this.charts.listByUuids(tileChartUuids) });
  }

  /** Checks every right the plan needs upstream, then writes it in one transaction: all of it, or nothing. */
  private async apply(
    principal: Principal,
    { source, upstream, mayCreateSpaces, target, changes }: Prepared,
    kind: 'chart' | 'dashboard',
  ): Promise<AppliedPromotion> {
    assertPromotionAllowed(changes, target, upstream, { kind, mayCreateSpaces });
    // The charts' SQL runs upstream: the caller's role there, and the upstream warehouse's dialect, decide — before anything is written.
    for (const [index, chart] of source.charts.entries())
      await this.gate.assertStorable(principal, upstream.projectUuid, chart, `charts[${index}].metricQuery.`);
    const privateCreated = changes.spaces
      .filter((change) => change.action === 'create')
      .map((change) => source.spaces.all().find((space) => space.path === change.data.path))
      .filter((space) => space !== undefined && space.isPrivate)
      .map((space) => (space as { spaceUuid: string }).spaceUuid);
    const [users, groups] = await Promise.all([this.spaces.userShares(privateCreated), this.spaces.groupShares(privateCreated)]);
    const sourceShares = new Map(
      privateCreated.map((spaceUuid) => [
        spaceUuid,
        {
          users: users.filter((share) => share.spaceUuid === spaceUuid).map(({ userUuid, spaceRole }) => ({ userUuid, spaceRole })),
          groups: groups.filter((share) => share.spaceUuid === spaceUuid).map(({ groupUuid, spaceRole }) => ({ groupUuid, spaceRole })),
        },
      ]),
    );
    return this.transactions.run((writes) =>
      applyPromotion(writes, { principal, projectUuid: upstream.projectUuid, source, target, changes, sourceShares }),
    );
  }
}
