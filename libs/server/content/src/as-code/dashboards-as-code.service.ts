import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

import { Injectable } from '@nestjs/common';
import { type Principal, QuarryError, slugify, TILE_TYPES, type TileType } from '@quarry/domain';
import {
  type DashboardLayout,
  type DashboardRow,
  DashboardsRepository,
  SavedChartsRepository,
  type StoredTile,
} from '@quarry/server/database';

import { contentName, withFreeSlug } from '../content-names';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { ChartsAsCodeService, type DownloadRequest } from './charts-as-code.service';
import { AS_CODE_PAGE_SIZE } from './charts-as-code.service';
import type { ChangeAction, ContentChanges } from './content-changes';
import {
  type DashboardAsCode,
  dashboardLanguageMap,
  rekeyTileTargets,
  type TileAsCode,
  toDashboardAsCode,
  uploadTileSlugs,
} from './dashboard-as-code';
import { asSpacePath, SpacePaths } from './space-paths';

export interface DashboardsDownload {
  dashboards: DashboardAsCode[];
  languageMap: Array<{ dashboard: Record<string, unknown> }> | null;
  missingIds: string[];
  total: number;
  offset: number;
}

/** A tile of an uploaded file: `tileSlug` and `uuid` are optional, as in the reference (derived as the download derives them). */
export type TileUpload = Omit<TileAsCode, 'tabUuid' | 'tileSlug' | 'uuid'> & {
  tabUuid?: string | null;
  tileSlug?: string;
  uuid?: string | null;
};

export interface DashboardUpload {
  name: string;
  description?: string | null;
  /** A space path (`sales.q1_reports`) or the reference's form of it (`sales/q1-reports`). */
  spaceSlug: string;
  tiles: TileUpload[];
  tabs?: Array<{ uuid: string; name: string; order: number; hidden?: boolean }>;
  filters?: Record<string, unknown>;
  config?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  skipSpaceCreate?: boolean;
  publicSpaceCreate?: boolean;
  dryRun?: boolean;
}

const EMPTY_FILTERS = { dimensions: [], metrics: [], tableCalculations: [] };
const DEFAULT_CONFIG = { pinnedParameters: [], isDateZoomDisabled: false };

/** Dashboards as code: the same download/upload pair as charts; chart tiles name their charts by slug. */
@Injectable()
export class DashboardsAsCodeService {
  constructor(
    private readonly dashboards: DashboardsRepository,
    private readonly charts: SavedChartsRepository,
    private readonly chartsAsCode: ChartsAsCodeService,
    private readonly spacePaths: SpacePaths,
  ) {}

  async download(principal: Principal, projectUuid: string, request: DownloadRequest): Promise<DashboardsDownload> {
    const spaces = await this.chartsAsCode.asCodeSpaces(principal, projectUuid, 'download dashboards');
    const visible = await this.dashboards.listInSpaces(
      projectUuid,
      spaces.visible().map((space) => space.spaceUuid),
    );
    visible.sort((a, b) => a.slug.localeCompare(b.slug));
    const ids = (request.ids ?? []).map((id) => id.trim()).filter(Boolean);
    const matches = (dashboard: DashboardRow, id: string) => dashboard.dashboardUuid === id.toLowerCase() || dashboard.slug === id;
    const selected = ids.length > 0 ? visible.filter((dashboard) => ids.some((id) => matches(dashboard, id))) : visible;
    const offset = request.offset ?? 0;
    const page = selected.slice(offset, offset + AS_CODE_PAGE_SIZE);
    const chartSlugs = await this.chartSlugs(page);
    const downloadedAt = new Date();
    const files = page.map((dashboard) =>
      toDashboardAsCode(dashboard, spaces.find(dashboard.spaceUuid)?.path ?? '', chartSlugs, downloadedAt),
    );
    return {
      dashboards: files,
      languageMap: request.languageMap ? files.map(dashboardLanguageMap) : null,
      missingIds: ids.filter((id) => !visible.some((dashboard) => matches(dashboard, id))),
      total: selected.length,
      offset: Math.min(offset + AS_CODE_PAGE_SIZE, selected.length),
    };
  }

  /** Creates or updates the dashboard with this slug (a new version); chart tiles need their charts (by slug) in the project. */
  async upload(principal: Principal, projectUuid: string, slug: string, file: DashboardUpload): Promise<ContentChanges> {
    let spaces = await this.chartsAsCode.asCodeSpaces(principal, projectUuid, 'upload dashboards');
    const upload = { ...file, spaceSlug: asSpacePath(file.spaceSlug) };
    if (slugify(slug) !== slug)
      throw new QuarryError('ValidationError', 'Invalid request: slug', {
        slug: ['slug must be lowercase letters and digits joined by single dashes'],
      });
    const spaceChanges = this.spacePaths.plan(spaces, upload.spaceSlug, upload.publicSpaceCreate !== true);
    if (spaceChanges.length > 0 && upload.skipSpaceCreate) {
      throw new QuarryError('ValidationError', `Invalid request: space ${upload.spaceSlug} does not exist`, {
        spaceSlug: ['no space has this path (skipSpaceCreate is set)'],
      });
    }
    const found = await this.dashboards.findBySlug(projectUuid, slug);
    // A dashboard of a space the caller cannot see is answered as if it did not exist (no oracle, no
    // overwrite): the upload creates the caller's own dashboard, under the next free slug as any taken slug gets.
    const existing = found && spaces.access(found.spaceUuid) ? found : null;
    if (existing) spaces.assert(existing.spaceUuid, 'space:manage-content');
    const layout = await this.layout(spaces, upload, existing);
    const name = contentName(upload.name);
    const description = upload.description ?? null;
    let action: ChangeAction = 'create';
    if (existing) {
      const chartSlugs = await this.chartSlugs([existing]);
      const current = toDashboardAsCode(existing, spaces.find(existing.spaceUuid)?.path ?? '', chartSlugs, new Date());
      const wanted = toDashboardAsCode(
        { ...existing, ...layout, name, description },
        upload.spaceSlug,
        await this.chartSlugs([{ ...existing, ...layout }]),
        new Date(),
      );
      const comparable = (file: DashboardAsCode) => [
        file.name,
        file.description,
        file.spaceSlug,
        file.tiles,
        file.tabs,
        file.filters,
        file.config,
        file.parameters,
      ];
      action = isDeepStrictEqual(comparable(current), comparable(wanted)) ? 'no changes' : 'update';
    }
    const changes: ContentChanges = {
      spaces: spaceChanges,
      charts: [],
      dashboards: [{ action, data: { uuid: existing?.dashboardUuid ?? null, slug, name, spacePath: upload.spaceSlug, description } }],
    };
    if (upload.dryRun || action === 'no changes') return changes;

    // Content goes in the space created for its path (by uuid) or the visible one already there.
    const placed = await this.spacePaths.create(principal, spaces, upload.spaceSlug, spaceChanges);
    spaces = placed.spaces;
    const space = spaces.assert(placed.target.spaceUuid, 'space:manage-content');
    for (const change of changes.dashboards) change.data.spacePath = space.path;
    if (existing) {
      await this.dashboards.addVersion(
        existing.dashboardUuid,
        { name, description, spaceUuid: space.spaceUuid },
        layout,
        principal.userUuid,
      );
    } else {
      const dashboardUuid = randomUUID();
      const createdSlug = await withFreeSlug(
        'dashboard',
        slug,
        (candidate) => this.dashboards.slugTaken(projectUuid, candidate),
        (candidate) =>
          this.dashboards.create(
            { dashboardUuid, projectUuid, spaceUuid: space.spaceUuid, name, description, slug: candidate },
            layout,
            principal.userUuid,
          ),
        'dashboards_slug_unique',
      );
      Object.assign((changes.dashboards[0] as { data: { uuid: string | null; slug: string } }).data, {
        uuid: dashboardUuid,
        slug: createdSlug,
      });
    }
    return changes;
  }

  /**
   * The stored layout of a file: chart slugs resolved to charts the caller may see, tile slugs to tile uuids (kept when the tile exists).
   */
  private async layout(spaces: ProjectSpaces, upload: DashboardUpload, existing: DashboardRow | null): Promise<DashboardLayout> {
    const problems: Record<string, string[]> = {};
    const existingSlugs = existing ? new Map(await this.existingTileSlugs(existing)) : new Map<string, string>();
    const tileUuids = new Map<string, string>();
    const tiles: StoredTile[] = [];
    const slugs = uploadTileSlugs(upload.tiles);
    const fileUuids = new Set<string>();
    for (const [index, tile] of upload.tiles.entries()) {
      if (!TILE_TYPES.includes(tile.type as TileType)) problems[`tiles.${index}.type`] = [`type must be one of: ${TILE_TYPES.join(', ')}`];
      const tileSlug = slugs[index] as string;
      // The file's own tile uuid (the reference's newest downloads write it) is kept, so ids stay stable
      // across instances; else the uuid of the tile with the same slug, else a new one.
      const fileUuid = tile.uuid?.toLowerCase();
      if (fileUuid && fileUuids.has(fileUuid)) problems[`tiles.${index}.uuid`] = ['uuid must be unique among the tiles of the dashboard'];
      if (fileUuid) fileUuids.add(fileUuid);
      const uuid = fileUuid ?? existingSlugs.get(tileSlug) ?? randomUUID();
      tileUuids.set(tileSlug, uuid);
      // Filters may name a tile by its uuid (as the reference's files do) or by its slug.
      if (fileUuid) tileUuids.set(fileUuid, uuid);
      let properties = tile.properties;
      if (tile.type === 'saved_chart') {
        const { chartSlug, ...rest } = tile.properties;
        const chart = typeof chartSlug === 'string' ? await this.charts.findBySlug(spaces.projectUuid, chartSlug) : null;
        if (!chart || !spaces.access(chart.spaceUuid)) {
          problems[`tiles.${index}.properties.chartSlug`] = [
            'chartSlug must be the slug of a chart of this project that you can see (upload charts first)',
          ];
          continue;
        }
        properties = { ...rest, savedChartUuid: chart.savedChartUuid };
      }
      tiles.push({ uuid, type: tile.type, x: tile.x, y: tile.y, w: tile.w, h: tile.h, tabUuid: tile.tabUuid ?? null, properties });
    }
    if (Object.keys(problems).length > 0)
      throw new QuarryError('ValidationError', `Invalid request: ${Object.keys(problems).join(', ')}`, problems);
    return {
      tiles,
      // Plain copies: request DTO instances would not compare equal to stored JSON.
      tabs: (upload.tabs ?? []).map(({ uuid, name, order, hidden }) => ({
        uuid,
        name,
        order,
        ...(hidden === undefined ? {} : { hidden }),
      })),
      filters: rekeyTileTargets({ ...EMPTY_FILTERS, ...(upload.filters ?? {}) }, tileUuids),
      config: { ...DEFAULT_CONFIG, ...(upload.config ?? {}) },
      parameters: upload.parameters ?? {},
    };
  }

  private async existingTileSlugs(existing: DashboardRow): Promise<Array<[string, string]>> {
    const file = toDashboardAsCode(existing, '', await this.chartSlugs([existing]), new Date());
    return file.tiles.map((tile, index) => [tile.tileSlug, (existing.tiles[index] as StoredTile).uuid]);
  }

  private async chartSlugs(dashboards: ReadonlyArray<Pick<DashboardRow, 'tiles'>>): Promise<Map<string, string>> {
    const uuids = dashboards.flatMap((dashboard) =>
      dashboard.tiles.filter((tile) => tile.type === 'saved_chart').map((tile) => String(tile.properties['savedChartUuid'])),
    );
    const charts = await this.charts.listByUuids([...new Set(uuids)]);
    return new Map(charts.map((chart) => [chart.savedChartUuid, chart.slug]));
  }
}
