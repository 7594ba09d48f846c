import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { NotFoundError, type Principal, QuarryError, type SpaceAction, type TileType } from '@quarry/domain';
import {
  type DashboardLayout,
  type DashboardRow,
  DashboardsRepository,
  PinnedItemsRepository,
  type SavedChartRow,
  SavedChartsRepository,
  type StoredTile,
} from '@quarry/server/database';

import { contentName, withFreeSlug } from '../content-names';
import { type PinningView, PinsService } from '../pins/pins.service';
import { defaultSpace } from '../spaces/default-space';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { onlyVisibleMatch } from '../spaces/visible-by-slug';
import { type DashboardSummaryView, type DashboardView, toDashboardSummary, toDashboardView } from './dashboard-view';

export interface TileRequest {
  uuid?: string;
  type: TileType;
  x: number;
  y: number;
  w: number;
  h: number;
  tabUuid?: string | null;
  properties: Record<string, unknown>;
}

export interface DashboardLayoutRequest {
  tiles?: TileRequest[];
  filters?: { dimensions?: unknown[]; metrics?: unknown[]; tableCalculations?: unknown[] };
  tabs?: Array<{ uuid: string; name: string; order: number; hidden?: boolean }>;
  config?: { pinnedParameters?: string[]; isDateZoomDisabled?: boolean };
  parameters?: Record<string, unknown>;
}

export interface CreateDashboardRequest extends DashboardLayoutRequest {
  name: string;
  description?: string | null;
  spaceUuid: string;
  /** Wanted slug (dashboards as code, promotion); taken slugs get the next free number. */
  slug?: string;
}

export interface UpdateDashboardRequest extends DashboardLayoutRequest {
  name?: string;
  description?: string | null;
  spaceUuid?: string;
}

const EMPTY_FILTERS = { dimensions: [], metrics: [], tableCalculations: [] };
const DEFAULT_CONFIG = { pinnedParameters: [], isDateZoomDisabled: false };

/**
 * Dashboards: tiles, tabs, filters and config, each change saved as a new version
 * (`dashboardVersionId` increases). Access follows the dashboard's space, like charts.
 */
@Injectable()
export class DashboardsService {
  constructor(
    private readonly dashboards: DashboardsRepository,
    private readonly charts: SavedChartsRepository,
    private readonly access: SpaceAccessService,
    private readonly pinRows: PinnedItemsRepository,
    private readonly pins: PinsService,
  ) {}

  /** Creates a dashboard in the given space, or without one in the caller's first writable space (as the reference). */
  async create(
    principal: Principal,
    projectUuid: string,
    request: Omit<CreateDashboardRequest, 'spaceUuid'> & { spaceUuid?: string },
  ): Promise<DashboardView> {
    const spaces = await this.access.forProject(principal, projectUuid);
    const spaceUuid = request.spaceUuid?.toLowerCase() ?? defaultSpace(spaces).spaceUuid;
    spaces.assert(spaceUuid, 'space:manage-content');
    const dashboardUuid = await this.insert(principal, spaces, { ...request, spaceUuid });
    return this.viewOf(spaces, await this.load(dashboardUuid));
  }

  /** Inserts a dashboard in a space the caller was allowed to write to; its uuid. */
  async insert(principal: Principal, spaces: ProjectSpaces, request: CreateDashboardRequest): Promise<string> {
    const dashboardUuid = randomUUID();
    const name = contentName(request.name);
    const layout = await this.layout(spaces, dashboardUuid, request, undefined);
    await withFreeSlug(
      'dashboard',
      request.slug ?? name,
      (slug) => this.dashboards.slugTaken(spaces.projectUuid, slug),
      (slug) =>
        this.dashboards.create(
          {
            dashboardUuid,
            projectUuid: spaces.projectUuid,
            spaceUuid: request.spaceUuid.toLowerCase(),
            name,
            description: request.description ?? null,
            slug,
          },
          layout,
          principal.userUuid,
        ),
      'dashboards_slug_unique',
    );
    return dashboardUuid;
  }

  /**
   * A dashboard by uuid or by slug (a slug in the caller's organization, among the dashboards they may see); each read counts as a view.
   */
  async getByUuidOrSlug(principal: Principal, dashboardUuidOrSlug: string): Promise<DashboardView> {
    if (isUuid(dashboardUuidOrSlug)) return this.get(principal, dashboardUuidOrSlug);
    const matches = await this.dashboards.listBySlugInOrganization(principal.organizationUuid, dashboardUuidOrSlug);
    const dashboard = await onlyVisibleMatch(this.access, principal, dashboardUuidOrSlug, matches, () =>
      dashboardNotFound(dashboardUuidOrSlug),
    );
    return this.get(principal, dashboard.dashboardUuid);
  }

  /** A dashboard; each read counts as a view. */
  async get(principal: Principal, dashboardUuid: string): Promise<DashboardView> {
    const { spaces } = await this.authorized(principal, dashboardUuid, 'space:view');
    await this.dashboards.recordView(dashboardUuid);
    return this.viewOf(spaces, await this.load(dashboardUuid));
  }

  async list(principal: Principal, projectUuid: string): Promise<DashboardSummaryView[]> {
    const spaces = await this.access.forProject(principal, projectUuid);
    const rows = await this.dashboards.listInSpaces(
      projectUuid,
      spaces.visible().map((space) => space.spaceUuid),
    );
    const pins = await this.pinRows.pinsOf(
      projectUuid,
      'dashboard',
      rows.map((row) => row.dashboardUuid),
    );
    return rows.map((row) => toDashboardSummary(row, pins.get(row.dashboardUuid)));
  }

  /** Any change (name, space, tiles, filters, tabs, config) is saved as a new version. */
  async update(principal: Principal, dashboardUuid: string, request: UpdateDashboardRequest): Promise<DashboardView> {
    const { spaces, dashboard } = await this.authorized(principal, dashboardUuid, 'space:manage-content');
    const spaceUuid = request.spaceUuid?.toLowerCase() ?? dashboard.spaceUuid;
    if (spaceUuid !== dashboard.spaceUuid) spaces.assert(spaceUuid, 'space:manage-content');
    await this.dashboards.addVersion(
      dashboardUuid,
      {
        name: request.name !== undefined ? contentName(request.name) : dashboard.name,
        description: request.description !== undefined ? request.description : dashboard.description,
        spaceUuid,
      },
      await this.layout(spaces, dashboardUuid, request, dashboard),
      principal.userUuid,
    );
    return this.viewOf(spaces, await this.load(dashboardUuid));
  }

  async delete(principal: Principal, dashboardUuid: string): Promise<void> {
    await this.authorized(principal, dashboardUuid, 'space:manage-content');
    await this.dashboards.delete(dashboardUuid);
  }

  /** Pins the dashboard to its project, or unpins it (project editors); a dashboard the caller cannot see is missing. */
  async togglePin(principal: Principal, dashboardUuid: string): Promise<PinningView> {
    const { dashboard } = await this.authorized(principal, dashboardUuid, 'space:view');
    return this.pins.toggle(principal, dashboard.projectUuid, 'dashboard', dashboardUuid);
  }

  /** The dashboard and the caller's view of its project's spaces, when the caller may do `action` in its space. */
  async authorized(
    principal: Principal,
    dashboardUuid: string,
    action: SpaceAction,
  ): Promise<{ spaces: ProjectSpaces; dashboard: DashboardRow }> {
    const dashboard = await this.load(dashboardUuid);
    try {
      const { spaces } = await this.access.assertSpace(principal, dashboard.projectUuid, dashboard.spaceUuid, action);
      return { spaces, dashboard };
    } catch (error) {
      // A dashboard in a space the caller may not see answers like a missing dashboard.
      if (error instanceof NotFoundError) throw dashboardNotFound(dashboardUuid);
      throw error;
    }
  }

  async viewOf(spaces: ProjectSpaces, dashboard: DashboardRow): Promise<DashboardView> {
    const chartUuids = dashboard.tiles
      .filter((tile) => tile.type === 'saved_chart')
      .map((tile) => String(tile.properties['savedChartUuid']));
    const [pins, charts] = await Promise.all([
      this.pinRows.pinsOf(dashboard.projectUuid, 'dashboard', [dashboard.dashboardUuid]),
      this.charts.listByUuids(chartUuids),
    ]);
    // Tiles show only charts of this project the caller may see.
    const visible = charts.filter((chart) => chart.projectUuid === dashboard.projectUuid && spaces.access(chart.spaceUuid));
    return toDashboardView(
      dashboard,
      pins.get(dashboard.dashboardUuid),
      spaces.isPrivate(dashboard.spaceUuid),
      new Map(visible.map((chart) => [chart.savedChartUuid, chart])),
    );
  }

  private async load(dashboardUuid: string): Promise<DashboardRow> {
    const dashboard = await this.dashboards.findByUuid(dashboardUuid);
    if (!dashboard) throw dashboardNotFound(dashboardUuid);
    return dashboard;
  }

  /** The new layout: given parts replace the current ones; chart tiles must name charts of the project the caller may see. */
  private async layout(
    spaces: ProjectSpaces,
    dashboardUuid: string,
    request: DashboardLayoutRequest,
    current: DashboardRow | undefined,
  ): Promise<DashboardLayout> {
    const tabs = request.tabs ?? current?.tabs ?? [];
    const tiles = request.tiles ? request.tiles.map(toStoredTile) : (current?.tiles ?? []);
    const problems: Record<string, string[]> = {};
    const tabUuids = new Set(tabs.map((tab) => tab.uuid));
    const chartUuids = tiles
      .filter((tile) => tile.type === 'saved_chart')
      .map((tile) => String(tile.properties['savedChartUuid'] ?? '').toLowerCase());
    const charts = new Map((await this.charts.listByUuids(chartUuids.filter(isUuid))).map((chart) => [chart.savedChartUuid, chart]));
    tiles.forEach((tile, index) => {
      if (tile.tabUuid && !tabUuids.has(tile.tabUuid)) problems[`tiles.${index}.tabUuid`] = ['tabUuid must be the uuid of one of the tabs'];
      if (tile.type !== 'saved_chart') return;
      const chart = charts.get(String(tile.properties['savedChartUuid'] ?? '').toLowerCase());
      if (!chart || !usableChart(chart, spaces, dashboardUuid)) {
        problems[`tiles.${index}.properties.savedChartUuid`] = ['savedChartUuid must be a saved chart of this project that you can see'];
      } else {
        tile.properties = { ...tile.properties, savedChartUuid: chart.savedChartUuid };
      }
    });
    if (Object.keys(problems).length > 0) {
      throw new QuarryError('ValidationError', `Invalid request: ${Object.keys(problems).join(', ')}`, problems);
    }
    return {
      tiles,
      tabs,
      filters: { ...EMPTY_FILTERS, ...(request.filters ?? current?.filters ?? {}) },
      config: { ...DEFAULT_CONFIG, ...(request.config ?? current?.config ?? {}) },
      parameters: request.parameters ?? current?.parameters ?? {},
    };
  }
}

export function dashboardNotFound(dashboardUuid: string): NotFoundError {
  return new NotFoundError('Dashboard not found', { dashboardUuid });
}

function toStoredTile(tile: TileRequest): StoredTile {
  return {
    uuid: tile.uuid?.toLowerCase() ?? randomUUID(),
    type: tile.type,
    x: tile.x,
    y: tile.y,
    w: tile.w,
    h: tile.h,
    tabUuid: tile.tabUuid ?? null,
    properties: { ...tile.properties },
  };
}

/** A chart a tile may show: in the project, visible, and not saved inside another dashboard. */
function usableChart(chart: SavedChartRow, spaces: ProjectSpaces, dashboardUuid: string): boolean {
  return (
    chart.projectUuid === spaces.projectUuid &&
    spaces.access(chart.spaceUuid) !== undefined &&
    (chart.dashboardUuid === null || chart.dashboardUuid === dashboardUuid)
  );
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}
