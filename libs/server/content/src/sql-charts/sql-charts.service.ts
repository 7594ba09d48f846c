import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { CHART_KINDS, type ChartKind, NotFoundError, type Principal, QuarryError, type SpaceAction } from '@quarry/domain';
import { type SavedSqlChartRow, SavedSqlChartsRepository, type SqlChartContent } from '@quarry/server/database';
import { UserSqlGate } from '@quarry/server/projects';

import { contentName, withFreeSlug } from '../content-names';
import type { ProjectSpaces } from '../spaces/project-spaces';
import { SpaceAccessService } from '../spaces/space-access.service';
import { type SqlChartView, toSqlChartView } from './sql-chart-view';

/** What a SQL chart shows; `config.type` is its chart kind. */
export interface SqlChartContentRequest {
  sql: string;
  limit: number;
  config: Record<string, unknown> & { type: string };
}

export interface CreateSqlChartRequest extends SqlChartContentRequest {
  name: string;
  description?: string | null;
  spaceUuid: string;
  /** Wanted slug (charts as code, promotion); taken slugs get the next free number. */
  slug?: string;
}

/** What a saved SQL chart runs: its latest version's SQL and row limit. */
export interface RunnableSqlChart {
  savedSqlUuid: string;
  sql: string;
  limit: number;
}

export interface UpdateSqlChartRequest {
  unversionedData?: { name?: string; description?: string | null; spaceUuid?: string };
  versionedData?: SqlChartContentRequest;
}

/**
 * Saved SQL charts. Writing SQL needs the project's custom-SQL right (developer) and space
 * editor; reading follows the space like any chart. Each read counts a view.
 */
@Injectable()
export class SqlChartsService {
  constructor(
    private readonly sqlCharts: SavedSqlChartsRepository,
    private readonly access: SpaceAccessService,
    private readonly gate: UserSqlGate,
  ) {}

  async create(principal: Principal, projectUuid: string, request: CreateSqlChartRequest): Promise<{ savedSqlUuid: string; slug: string }> {
    const { spaces } = await this.access.assertSpace(principal, projectUuid, request.spaceUuid.toLowerCase(), 'space:manage-content');
    await this.assertRunnable(principal, spaces, request.sql, 'sql');
    const savedSqlUuid = randomUUID();
    const name = contentName(request.name);
    const content = sqlChartContent(request);
    const slug = await withFreeSlug(
      'sql-chart',
      request.slug ?? name,
      (candidate) => this.sqlCharts.slugTaken(projectUuid, candidate),
      (candidate) =>
        this.sqlCharts.create(
          {
            savedSqlUuid,
            projectUuid,
            spaceUuid: request.spaceUuid.toLowerCase(),
            name,
            description: request.description ?? null,
            slug: candidate,
          },
          content,
          principal.userUuid,
        ),
      'saved_sql_charts_slug_unique',
    );
    return { savedSqlUuid, slug };
  }

  async get(principal: Principal, projectUuid: string, savedSqlUuid: string): Promise<SqlChartView> {
    return this.viewed(principal, projectUuid, await this.sqlCharts.findByUuid(savedSqlUuid));
  }

  /** E11: a SQL chart by its slug in the project. */
  async getBySlug(principal: Principal, projectUuid: string, slug: string): Promise<SqlChartView> {
    return this.viewed(principal, projectUuid, await this.sqlCharts.findBySlug(projectUuid, slug));
  }

  /**
   * A saved chart about to run (the reference's `…/sqlRunner/saved/{uuid|slug}/results-job`): anyone
   * who may view it may run it — its SQL is the saved one, never the caller's. A chart in a space they
   * cannot see, in another project or organization, answers 404 like a missing one. `countView` as
   * the reference does when a viewer opens it (the API); the worker's second check counts nothing.
   */
  async forRun(
    principal: Principal,
    projectUuid: string,
    ref: { savedSqlUuid: string } | { slug: string },
    countView: boolean,
  ): Promise<RunnableSqlChart> {
    const found =
      'slug' in ref ? await this.sqlCharts.findBySlug(projectUuid, ref.slug) : await this.sqlCharts.findByUuid(ref.savedSqlUuid);
    const { chart } = await this.authorized(principal, projectUuid, found, 'space:view');
    if (countView) await this.sqlCharts.recordView(chart.savedSqlUuid);
    return { savedSqlUuid: chart.savedSqlUuid, sql: chart.sql, limit: chart.limit };
  }

  /** Name, description and space change in place; new SQL, limit or config is saved as a new version. */
  async update(
    principal: Principal,
    projectUuid: string,
    savedSqlUuid: string,
    request: UpdateSqlChartRequest,
  ): Promise<{ savedSqlUuid: string; savedSqlVersionUuid: string }> {
    const { spaces, chart } = await this.authorized(
      principal,
      projectUuid,
      await this.sqlCharts.findByUuid(savedSqlUuid),
      'space:manage-content',
    );
    if (request.versionedData) await this.assertRunnable(principal, spaces, request.versionedData.sql, 'versionedData.sql');
    const changes = request.unversionedData ?? {};
    const spaceUuid = changes.spaceUuid?.toLowerCase() ?? chart.spaceUuid;
    if (spaceUuid !== chart.spaceUuid) spaces.assert(spaceUuid, 'space:manage-content');
    await this.sqlCharts.update(
      savedSqlUuid,
      {
        name: changes.name !== undefined ? contentName(changes.name) : chart.name,
        description: changes.description !== undefined ? changes.description : chart.description,
        spaceUuid,
      },
      request.versionedData ? sqlChartContent(request.versionedData, 'versionedData.config') : undefined,
      principal.userUuid,
    );
    const updated = (await this.sqlCharts.findByUuid(savedSqlUuid)) as SavedSqlChartRow;
    return { savedSqlUuid, savedSqlVersionUuid: updated.versionUuid };
  }

  async delete(principal: Principal, projectUuid: string, savedSqlUuid: string): Promise<void> {
    await this.authorized(principal, projectUuid, await this.sqlCharts.findByUuid(savedSqlUuid), 'space:manage-content');
    await this.sqlCharts.delete(savedSqlUuid);
  }

  private async viewed(principal: Principal, projectUuid: string, found: SavedSqlChartRow | null): Promise<SqlChartView> {
    const { spaces, chart } = await this.authorized(principal, projectUuid, found, 'space:view');
    await this.sqlCharts.recordView(chart.savedSqlUuid);
    const fresh = (await this.sqlCharts.findByUuid(chart.savedSqlUuid)) as SavedSqlChartRow;
    return toSqlChartView(
      fresh,
      principal,
      spaces.access(chart.spaceUuid) as NonNullable<ReturnType<ProjectSpaces['access']>>,
      spaces.isPrivate(chart.spaceUuid),
    );
  }

  /**
   * Saved SQL is run later by whoever views the chart: it must be what the SQL runner would run —
   * written by a developer, exactly one read-only statement for the project's warehouse (a
   * project without one yet is judged as DuckDB, the default).
   */
  private async assertRunnable(principal: Principal, spaces: ProjectSpaces, sql: string, field: string): Promise<void> {
    await this.gate.assertQuery(principal, spaces.project, sql, spaces.project.warehouseType ?? 'duckdb', field);
  }

  /** The chart when it is in the project and the caller may do `action` in its space; hidden or foreign charts answer 404. */
  private async authorized(
    principal: Principal,
    projectUuid: string,
    chart: SavedSqlChartRow | null,
    action: SpaceAction,
  ): Promise<{ spaces: ProjectSpaces; chart: SavedSqlChartRow }> {
    const spaces = await this.access.forProject(principal, projectUuid);
    if (!chart || chart.projectUuid !== projectUuid || !spaces.access(chart.spaceUuid))
      throw new NotFoundError('Saved SQL chart not found', {});
    spaces.assert(chart.spaceUuid, action);
    return { spaces, chart };
  }
}

function sqlChartContent(request: SqlChartContentRequest, field = 'config'): SqlChartContent {
  if (!CHART_KINDS.includes(request.config.type as ChartKind)) {
    throw new QuarryError('ValidationError', `Invalid request: ${field}.type must be one of the chart kinds`, {
      [`${field}.type`]: [`type must be one of: ${CHART_KINDS.join(', ')}`],
    });
  }
  const metadata = (request.config['metadata'] as Record<string, unknown> | undefined) ?? {};
  // `config.metadata.version` is the config format version; 1 unless the caller says otherwise.
  return {
    sql: request.sql,
    limit: request.limit,
    config: { ...request.config, metadata: { version: 1, ...metadata } },
    chartKind: request.config.type,
  };
}
