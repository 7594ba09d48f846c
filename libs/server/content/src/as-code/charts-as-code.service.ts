import { isDeepStrictEqual } from 'node:util';

import { Injectable } from '@nestjs/common';
import { CHART_TYPES, type ChartType, ForbiddenError, type Principal, QuarryError, slugify } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import { DashboardsRepository, type SavedChartRow, SavedChartsRepository } from '@quarry/server/database';
import { UserSqlGate } from '@quarry/server/projects';

import { chartContent, ChartsService } from '../charts/charts.service';
import { contentName } from '../content-names';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { type ChartAsCode, chartLanguageMap, toChartAsCode } from './chart-as-code';
import type { ChangeAction, ContentChanges } from './content-changes';
import { asSpacePath, SpacePaths } from './space-paths';

/** How many charts one download answers; `offset` pages through the rest. */
export const AS_CODE_PAGE_SIZE = 100;

export interface DownloadRequest {
  ids?: string[];
  offset?: number;
  languageMap?: boolean;
}

export interface ChartsDownload {
  charts: ChartAsCode[];
  languageMap: Array<{ chart: Record<string, unknown> }> | null;
  missingIds: string[];
  total: number;
  offset: number;
}

/** A chart file to upload, with the upload's options. */
export interface ChartUpload {
  name: string;
  description?: string | null;
  tableName: string;
  /** A space path (`sales.q1_reports`) or the reference's form of it (`sales/q1-reports`). */
  spaceSlug: string;
  dashboardSlug?: string | null;
  /** The reference's older files name the chart's dashboard by uuid (usually `null`). */
  dashboardUuid?: string | null;
  metricQuery: Record<string, unknown>;
  chartConfig: Record<string, unknown>;
  /** Optional as in the reference: an empty column order. */
  tableConfig?: Record<string, unknown>;
  pivotConfig?: Record<string, unknown> | null;
  /** Fail instead of creating a missing space. */
  skipSpaceCreate?: boolean;
  /** Spaces created by the upload are public (default: private, like the reference). */
  publicSpaceCreate?: boolean;
  /** Only plan: answer the changes without making them. */
  dryRun?: boolean;
}

/**
 * Charts as code (E14): developers download the charts they may see as files keyed by slug and
 * upload them to any project, where they create or update the chart with that slug and the
 * spaces of its path.
 */
@Injectable()
export class ChartsAsCodeService {
  constructor(
    private readonly charts: SavedChartsRepository,
    private readonly dashboards: DashboardsRepository,
    private readonly chartsService: ChartsService,
    private readonly access: SpaceAccessService,
    private readonly spacePaths: SpacePaths,
    private readonly policy: PolicyService,
    private readonly gate: UserSqlGate,
  ) {}

  async download(principal: Principal, projectUuid: string, request: DownloadRequest): Promise<ChartsDownload> {
    const spaces = await this.asCodeSpaces(principal, projectUuid, 'download charts');
    // Charts of spaces the caller cannot see are left out without a word, like missing ones.
    const visible = await this.charts.listInSpaces(
      projectUuid,
      spaces.visible().map((space) => space.spaceUuid),
      { includeDashboardCharts: true },
    );
    visible.sort((a, b) => a.slug.localeCompare(b.slug));
    const ids = (request.ids ?? []).map((id) => id.trim()).filter(Boolean);
    const matches = (chart: SavedChartRow, id: string) => chart.savedChartUuid === id.toLowerCase() || chart.slug === id;
    const selected = ids.length > 0 ? visible.filter((chart) => ids.some((id) => matches(chart, id))) : visible;
    const missingIds = ids.filter((id) => !visible.some((chart) => matches(chart, id)));
    const offset = request.offset ?? 0;
    const page = selected.slice(offset, offset + AS_CODE_PAGE_SIZE);
    const dashboardSlugs = await this.dashboardSlugs(page);
    const downloadedAt = new Date();
    const files = page.map((chart) =>
      toChartAsCode(
        chart,
        spaces.find(chart.spaceUuid)?.path ?? '',
        chart.dashboardUuid ? (dashboardSlugs.get(chart.dashboardUuid) ?? null) : null,
        downloadedAt,
      ),
    );
    return {
      charts: files,
      languageMap: request.languageMap ? files.map(chartLanguageMap) : null,
      missingIds,
      total: selected.length,
      offset: Math.min(offset + AS_CODE_PAGE_SIZE, selected.length),
    };
  }

  /** Creates or updates the chart with this slug (a new version), creating the spaces of its path; a dry run only plans. */
  async upload(principal: Principal, projectUuid: string, slug: string, file: ChartUpload): Promise<ContentChanges> {
    let spaces = await this.asCodeSpaces(principal, projectUuid, 'upload charts');
    const upload = { ...file, spaceSlug: asSpacePath(file.spaceSlug), tableConfig: file.tableConfig ?? { columnOrder: [] } };
    if (slugify(slug) !== slug)
      throw new QuarryError('ValidationError', 'Invalid request: slug', {
        slug: ['slug must be lowercase letters and digits joined by single dashes'],
      });
    const chartType = upload.chartConfig['type'];
    if (!CHART_TYPES.includes(chartType as ChartType)) {
      throw new QuarryError('ValidationError', 'Invalid request: chartConfig.type', {
        'chartConfig.type': [`type must be one of: ${CHART_TYPES.join(', ')}`],
      });
    }
    await this.gate.assertStorable(principal, projectUuid, upload);
    const spaceChanges = this.spacePaths.plan(spaces, upload.spaceSlug, upload.publicSpaceCreate !== true);
    if (spaceChanges.length > 0 && upload.skipSpaceCreate) {
      throw new QuarryError('ValidationError', `Invalid request: space ${upload.spaceSlug} does not exist`, {
        spaceSlug: ['no space has this path (skipSpaceCreate is set)'],
      });
    }
    const found = await this.charts.findBySlug(projectUuid, slug);
    // A chart of a space the caller cannot see is answered as if it did not exist (no oracle, no
    // overwrite): the upload creates the caller's own chart, under the next free slug as any taken slug gets.
    const existing = found && spaces.access(found.spaceUuid) ? found : null;
    if (existing) spaces.assert(existing.spaceUuid, 'space:manage-content');
    const dashboardUuid = await this.dashboardOf(spaces, upload);
    const content = chartContent({
      ...upload,
      chartConfig: upload.chartConfig as ChartAsCodeConfig,
      pivotConfig: upload.pivotConfig ?? null,
    });
    const name = contentName(upload.name);
    const description = upload.description ?? null;
    const targetSpace = spaces.visible().find((space) => space.path === upload.spaceSlug);
    const unchanged =
      existing !== null &&
      targetSpace?.spaceUuid === existing.spaceUuid &&
      existing.name === name &&
      existing.description === description &&
      existing.dashboardUuid === dashboardUuid &&
      isDeepStrictEqual(
        [existing.tableName, existing.metricQuery, existing.chartConfig, existing.tableConfig, existing.pivotConfig],
        [content.tableName, content.metricQuery, content.chartConfig, content.tableConfig, content.pivotConfig],
      );
    const action: ChangeAction = !existing ? 'create' : unchanged ? 'no changes' : 'update';
    const changes: ContentChanges = {
      spaces: spaceChanges,
      charts: [
        {
          action,
          data: {
            uuid: existing?.savedChartUuid ?? null,
            slug,
            name,
            spacePath: upload.spaceSlug,
            description,
            tableName: content.tableName,
            metricQuery: content.metricQuery,
            chartConfig: content.chartConfig,
            tableConfig: content.tableConfig,
          },
        },
      ],
      dashboards: [],
    };
    if (upload.dryRun || action === 'no changes') return changes;

    // Content goes in the space created for its path (by uuid) or the visible one already there.
    const placed = await this.spacePaths.create(principal, spaces, upload.spaceSlug, spaceChanges);
    spaces = placed.spaces;
    const space = spaces.assert(placed.target.spaceUuid, 'space:manage-content');
    for (const change of changes.charts) change.data.spacePath = space.path;
    if (existing) {
      await this.charts.addVersion(
        existing.savedChartUuid,
        { name, description, spaceUuid: space.spaceUuid, dashboardUuid },
        content,
        principal.userUuid,
      );
    } else {
      const created = await this.chartsService.insert(principal, spaces, {
        ...upload,
        chartConfig: upload.chartConfig as ChartAsCodeConfig,
        name,
        description,
        slug,
        spaceUuid: space.spaceUuid,
        dashboardUuid: dashboardUuid ?? undefined,
      });
      const saved = await this.charts.findByUuid(created);
      Object.assign((changes.charts[0] as { data: { uuid: string | null; slug: string } }).data, {
        uuid: created,
        slug: saved?.slug ?? slug,
      });
    }
    return changes;
  }

  /** The caller's spaces of the project, when they may use content as code there (developer). */
  async asCodeSpaces(principal: Principal, projectUuid: string, what: string): Promise<ProjectSpaces> {
    const spaces = await this.access.forProject(principal, projectUuid);
    try {
      await this.policy.assertProject(principal, spaces.project, 'content:as-code');
    } catch (error) {
      if (!(error instanceof ForbiddenError)) throw error;
      throw new ForbiddenError(`You are not allowed to ${what}: content as code needs the developer role`, error.data);
    }
    return spaces;
  }

  private async dashboardSlugs(charts: readonly SavedChartRow[]): Promise<Map<string, string>> {
    const uuids = [...new Set(charts.map((chart) => chart.dashboardUuid).filter((uuid): uuid is string => uuid !== null))];
    const slugs = new Map<string, string>();
    for (const uuid of uuids) {
      const dashboard = await this.dashboards.findByUuid(uuid);
      if (dashboard) slugs.set(uuid, dashboard.slug);
    }
    return slugs;
  }

  /**
   * The dashboard a chart file says it is saved in, by slug (or by uuid, in the reference's older
   * files); it must be one of the project's the caller can see (upload dashboards' charts after their dashboard).
   */
  private async dashboardOf(spaces: ProjectSpaces, upload: Pick<ChartUpload, 'dashboardSlug' | 'dashboardUuid'>): Promise<string | null> {
    const { dashboardSlug, dashboardUuid } = upload;
    if (dashboardSlug) {
      const dashboard = await this.dashboards.findBySlug(spaces.projectUuid, dashboardSlug);
      if (!dashboard || !spaces.access(dashboard.spaceUuid)) {
        throw new QuarryError('ValidationError', `Invalid request: no dashboard has the slug ${dashboardSlug}`, {
          dashboardSlug: ['no dashboard of this project has this slug'],
        });
      }
      return dashboard.dashboardUuid;
    }
    if (!dashboardUuid) return null;
    const dashboard = await this.dashboards.findByUuid(dashboardUuid.toLowerCase());
    if (!dashboard || dashboard.projectUuid !== spaces.projectUuid || !spaces.access(dashboard.spaceUuid)) {
      throw new QuarryError('ValidationError', 'Invalid request: dashboardUuid is not a dashboard of this project', {
        dashboardUuid: ['no dashboard of this project has this uuid'],
      });
    }
    return dashboard.dashboardUuid;
  }
}

type ChartAsCodeConfig = { type: ChartType; config?: Record<string, unknown> };
