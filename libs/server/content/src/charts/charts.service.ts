import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { chartKindOf, type ChartType, NotFoundError, type Principal, QuarryError, type SpaceAction } from '@quarry/domain';
import { isUuid } from '@quarry/server/common';
import {
  type ChartContent,
  type ChartVersionRow,
  DashboardsRepository,
  PinnedItemsRepository,
  type SavedChartRow,
  SavedChartsRepository,
} from '@quarry/server/database';
import { UserSqlGate } from '@quarry/server/projects';

import { contentName, withFreeSlug } from '../content-names';
import { type PinningView, PinsService } from '../pins/pins.service';
import { defaultSpace } from '../spaces/default-space';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { onlyVisibleMatch } from '../spaces/visible-by-slug';
import { type ChartSummaryView, type ChartView, toChartSummary, toChartView } from './chart-view';

/** What a chart shows, as given by the caller (`chartConfig.type` decides the chart kind). */
export interface ChartContentRequest {
  tableName: string;
  metricQuery: Record<string, unknown>;
  chartConfig: { type: ChartType; config?: Record<string, unknown> };
  tableConfig: Record<string, unknown>;
  pivotConfig?: Record<string, unknown> | null;
}

export interface CreateChartRequest extends ChartContentRequest {
  name: string;
  description?: string | null;
  /** The space to save the chart in; for a chart saved inside a dashboard, the dashboard's space. */
  spaceUuid?: string;
  /** Save the chart inside this dashboard (it goes with the dashboard). */
  dashboardUuid?: string;
  /** Wanted slug (charts as code, promotion); taken slugs get the next free number. */
  slug?: string;
}

export interface UpdateChartRequest {
  name?: string;
  description?: string | null;
  spaceUuid?: string;
}

export interface ChartHistoryView {
  chartUuid: string;
  history: Array<{ versionUuid: string; chartUuid: string; version: number; createdAt: string; createdBy: ChartVersionRow['createdBy'] }>;
}

export interface ChartVersionView {
  chartUuid: string;
  versionUuid: string;
  createdAt: string;
  createdBy: ChartVersionRow['createdBy'];
  chart: ChartView;
}

/**
 * Saved charts. Each lives in a space and every read or write asks the space policy
 * (SpaceAccessService): hidden spaces answer 404, visible ones the caller may not change 403.
 * Every save (content or name, description, space) adds a version.
 */
@Injectable()
export class ChartsService {
  constructor(
    private readonly charts: SavedChartsRepository,
    private readonly dashboards: DashboardsRepository,
    private readonly access: SpaceAccessService,
    private readonly pinRows: PinnedItemsRepository,
    private readonly pins: PinsService,
    private readonly gate: UserSqlGate,
  ) {}

  async create(principal: Principal, projectUuid: string, request: CreateChartRequest): Promise<ChartView> {
    const spaces = await this.access.forProject(principal, projectUuid);
    const placed = await this.placement(spaces, request);
    spaces.assert(placed.spaceUuid, 'space:manage-content');
    // Others run a saved chart later: its SQL must be the saver's to write, and one expression each.
    await this.gate.assertStorable(principal, projectUuid, request);
    const savedChartUuid = await this.insert(principal, spaces, { ...request, ...placed });
    return this.viewOf(spaces, await this.load(savedChartUuid));
  }

  /** Inserts a chart in a space the caller was allowed to write to; its uuid. */
  async insert(principal: Principal, spaces: ProjectSpaces, request: CreateChartRequest & { spaceUuid: string }): Promise<string> {
    const savedChartUuid = randomUUID();
    const name = contentName(request.name);
    const content = chartContent(request);
    const chart = {
      savedChartUuid,
      projectUuid: spaces.projectUuid,
      spaceUuid: request.spaceUuid.toLowerCase(),
      dashboardUuid: request.dashboardUuid?.toLowerCase() ?? null,
      name,
      description: request.description ?? null,
    };
    await withFreeSlug(
      'chart',
      request.slug ?? name,
      (slug) => this.charts.slugTaken(spaces.projectUuid, slug),
      (slug) => this.charts.create({ ...chart, slug }, content, principal.userUuid),
      'saved_charts_slug_unique',
    );
    return savedChartUuid;
  }

  /** Where a new chart goes: the given space, or the space of the dashboard it is saved in. */
  private async placement(spaces: ProjectSpaces, request: CreateChartRequest): Promise<{ spaceUuid: string; dashboardUuid?: string }> {
    if (request.dashboardUuid) {
      const dashboard = await this.dashboards.findByUuid(request.dashboardUuid.toLowerCase());
      // The dashboard's space decides access; a dashboard of another project, or in a space the caller cannot see, is as missing as none.
      if (!dashboard || dashboard.projectUuid !== spaces.projectUuid || !spaces.access(dashboard.spaceUuid)) {
        throw new NotFoundError('Dashboard not found', { dashboardUuid: request.dashboardUuid });
      }
      return { spaceUuid: dashboard.spaceUuid, dashboardUuid: dashboard.dashboardUuid };
    }
    if (request.spaceUuid) return { spaceUuid: request.spaceUuid.toLowerCase() };
    return { spaceUuid: defaultSpace(spaces).spaceUuid };
  }

  /** A chart by uuid or by slug (a slug in the caller's organization, among the charts they may see); each read counts as a view. */
  async getByUuidOrSlug(principal: Principal, chartUuidOrSlug: string): Promise<ChartView> {
    if (isUuid(chartUuidOrSlug)) return this.get(principal, chartUuidOrSlug);
    const matches = await this.charts.listBySlugInOrganization(principal.organizationUuid, chartUuidOrSlug);
    const chart = await onlyVisibleMatch(this.access, principal, chartUuidOrSlug, matches, () => chartNotFound(chartUuidOrSlug));
    return this.get(principal, chart.savedChartUuid);
  }

  /** A chart; each read counts as a view. */
  async get(principal: Principal, chartUuid: string): Promise<ChartView> {
    const { spaces } = await this.authorized(principal, chartUuid, 'space:view');
    await this.charts.recordView(chartUuid);
    return this.viewOf(spaces, await this.load(chartUuid));
  }

  /** A chart, without counting a view (answers of writes). */
  async read(principal: Principal, chartUuid: string): Promise<ChartView> {
    const { spaces, chart } = await this.authorized(principal, chartUuid, 'space:view');
    return this.viewOf(spaces, chart);
  }

  /** The project's charts in spaces the caller may see. */
  async list(principal: Principal, projectUuid: string): Promise<ChartSummaryView[]> {
    const spaces = await this.access.forProject(principal, projectUuid);
    const rows = await this.charts.listInSpaces(
      projectUuid,
      spaces.visible().map((space) => space.spaceUuid),
      { includeDashboardCharts: true },
    );
    return this.summaries(projectUuid, rows);
  }

  async summaries(projectUuid: string, rows: readonly SavedChartRow[]): Promise<ChartSummaryView[]> {
    const pins = await this.pinRows.pinsOf(
      projectUuid,
      'chart',
      rows.map((row) => row.savedChartUuid),
    );
    return rows.map((row) => toChartSummary(row, pins.get(row.savedChartUuid)));
  }

  /** Renames, describes or moves a chart; saved as a new version of the same content. */
  async update(principal: Principal, chartUuid: string, request: UpdateChartRequest): Promise<ChartView> {
    const { spaces, chart } = await this.authorized(principal, chartUuid, 'space:manage-content');
    const spaceUuid = request.spaceUuid?.toLowerCase() ?? chart.spaceUuid;
    if (spaceUuid !== chart.spaceUuid) {
      if (chart.dashboardUuid) {
        throw new QuarryError('ValidationError', 'Invalid request: a chart saved in a dashboard moves with its dashboard', {
          spaceUuid: ['a chart saved in a dashboard moves with its dashboard'],
        });
      }
      spaces.assert(spaceUuid, 'space:manage-content');
    }
    await this.charts.addVersion(
      chartUuid,
      {
        name: request.name !== undefined ? contentName(request.name) : chart.name,
        description: request.description !== undefined ? request.description : chart.description,
        spaceUuid,
        dashboardUuid: chart.dashboardUuid,
      },
      contentOf(chart),
      principal.userUuid,
    );
    return this.viewOf(spaces, await this.load(chartUuid));
  }

  /** Saves new content as the chart's next version. */
  async saveVersion(principal: Principal, chartUuid: string, request: ChartContentRequest): Promise<ChartView> {
    const { spaces, chart } = await this.authorized(principal, chartUuid, 'space:manage-content');
    await this.gate.assertStorable(principal, chart.projectUuid, request);
    await this.charts.addVersion(chartUuid, identityOf(chart), chartContent(request), principal.userUuid);
    return this.viewOf(spaces, await this.load(chartUuid));
  }

  async delete(principal: Principal, chartUuid: string): Promise<void> {
    await this.authorized(principal, chartUuid, 'space:manage-content');
    await this.charts.delete(chartUuid);
  }

  async history(principal: Principal, chartUuid: string): Promise<ChartHistoryView> {
    await this.authorized(principal, chartUuid, 'space:view');
    const versions = await this.charts.versions(chartUuid);
    return {
      chartUuid,
      history: versions.map((version) => ({
        versionUuid: version.versionUuid,
        chartUuid,
        version: version.versionNumber,
        createdAt: new Date(version.createdAt).toISOString(),
        createdBy: version.createdBy,
      })),
    };
  }

  /** The chart as it was saved in one version. */
  async version(principal: Principal, chartUuid: string, versionUuid: string): Promise<ChartVersionView> {
    const { spaces, chart } = await this.authorized(principal, chartUuid, 'space:view');
    const version = await this.charts.version(chartUuid, versionUuid);
    if (!version) throw new NotFoundError('Chart version not found', { versionUuid });
    const asSaved: SavedChartRow = {
      ...chart,
      ...contentOf(version),
      name: version.name,
      description: version.description,
      versionUuid,
      versionNumber: version.versionNumber,
    };
    return {
      chartUuid,
      versionUuid,
      createdAt: new Date(version.createdAt).toISOString(),
      createdBy: version.createdBy,
      chart: await this.viewOf(spaces, asSaved),
    };
  }

  /** Pins the chart to its project, or unpins it (project editors); a chart the caller cannot see is missing. */
  async togglePin(principal: Principal, chartUuid: string): Promise<PinningView> {
    const { chart } = await this.authorized(principal, chartUuid, 'space:view');
    return this.pins.toggle(principal, chart.projectUuid, 'chart', chartUuid);
  }

  /** The chart and the caller's view of its project's spaces, when the caller may do `action` in its space. */
  async authorized(principal: Principal, chartUuid: string, action: SpaceAction): Promise<{ spaces: ProjectSpaces; chart: SavedChartRow }> {
    const chart = await this.load(chartUuid);
    try {
      const { spaces } = await this.access.assertSpace(principal, chart.projectUuid, chart.spaceUuid, action);
      return { spaces, chart };
    } catch (error) {
      // A chart in a space the caller may not see answers like a missing chart.
      if (error instanceof NotFoundError) throw chartNotFound(chartUuid);
      throw error;
    }
  }

  private async load(chartUuid: string): Promise<SavedChartRow> {
    const chart = await this.charts.findByUuid(chartUuid);
    if (!chart) throw chartNotFound(chartUuid);
    return chart;
  }

  private async viewOf(spaces: ProjectSpaces, chart: SavedChartRow): Promise<ChartView> {
    const pins = await this.pinRows.pinsOf(chart.projectUuid, 'chart', [chart.savedChartUuid]);
    return toChartView(chart, pins.get(chart.savedChartUuid), spaces.isPrivate(chart.spaceUuid));
  }
}

export function chartNotFound(chartUuid: string): NotFoundError {
  return new NotFoundError('Saved chart not found', { chartUuid });
}

export function chartContent(request: ChartContentRequest): ChartContent {
  return {
    tableName: request.tableName,
    metricQuery: request.metricQuery,
    chartConfig: request.chartConfig,
    tableConfig: request.tableConfig,
    pivotConfig: request.pivotConfig ?? null,
    chartKind: chartKindOf(request.chartConfig.type, request.chartConfig.config),
  };
}

function contentOf(chart: ChartContent): ChartContent {
  const { tableName, metricQuery, chartConfig, tableConfig, pivotConfig, chartKind } = chart;
  return { tableName, metricQuery, chartConfig, tableConfig, pivotConfig, chartKind };
}

function identityOf(chart: SavedChartRow) {
  return { name: chart.name, description: chart.description, spaceUuid: chart.spaceUuid, dashboardUuid: chart.dashboardUuid };
}
