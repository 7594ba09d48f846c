import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

import { SavedChartEntity } from '../entities/saved-chart.entity';
import { managerOf, type QueriesOn } from './queries-on';

/** What a version of a chart shows. */
export interface ChartContent {
  tableName: string;
  metricQuery: Record<string, unknown>;
  chartConfig: Record<string, unknown>;
  tableConfig: Record<string, unknown>;
  pivotConfig: Record<string, unknown> | null;
  chartKind: string;
}

export interface ChartIdentity {
  name: string;
  description: string | null;
  spaceUuid: string;
  dashboardUuid: string | null;
}

export interface NewChart extends ChartIdentity {
  savedChartUuid: string;
  projectUuid: string;
  slug: string;
}

export interface UserName {
  userUuid: string;
  firstName: string;
  lastName: string;
}

/** A chart with its latest version and the names the responses show. */
export interface SavedChartRow extends ChartContent, ChartIdentity {
  savedChartUuid: string;
  projectUuid: string;
  organizationUuid: string;
  slug: string;
  spaceName: string;
  dashboardName: string | null;
  views: number;
  firstViewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  updatedByUser: UserName | null;
  createdByUser: UserName | null;
  versionUuid: string;
  versionNumber: number;
}

export interface ChartVersionRow extends ChartContent {
  versionUuid: string;
  savedChartUuid: string;
  versionNumber: number;
  name: string;
  description: string | null;
  createdAt: Date;
  createdBy: UserName | null;
}

const USER_NAME = (alias: string) =>
  `CASE WHEN ${alias}.user_uuid IS NULL THEN NULL ELSE json_build_object('userUuid', ${alias}.user_uuid, ` +
  `'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name) END`;

/** The latest version of each chart joined with its space, project and editors. */
const CHART_SELECT =
  `
  SELECT c.saved_chart_uuid AS "savedChartUuid", c.project_uuid AS "projectUuid", p.organization_uuid AS "organizationUuid",
         c.space_uuid AS "spaceUuid", s.name AS "spaceName", c.dashboard_uuid AS "dashboardUuid", d.name AS "dashboardName",
         c.name, c.description, c.slug, c.views_count AS views, c.first_viewed_at AS "firstViewedAt",
         c.created_at AS "createdAt", c.updated_at AS "updatedAt",
         ${USER_NAME('uu')} AS "updatedByUser", ${USER_NAME('cu')} AS "createdByUser",
         v.version_uuid AS "versionUuid", v.version_number AS "versionNumber", v.table_name AS "tableName",
         v.metric_query AS "metricQuery", v.chart_config AS "chartConfig", v.table_config AS "tableConfig",
         v.pivot_config AS "pivotConfig", v.chart_kind AS "chartKind"
    FROM saved_charts c
    JOIN projects p USING (project_uuid)
    JOIN spaces s ON s.space_uuid = c.space_uuid
    LEFT JOIN dashboards d ON d.dashboard_uuid = c.dashboard_uuid
    JOIN LATERAL (SELECT * FROM saved_chart_versions x WHERE x.saved_chart_uuid = c.saved_chart_uuid ` +
  `ORDER BY x.version_number DESC LIMIT 1) v ON true
    LEFT JOIN users uu ON uu.user_uuid = c.updated_by_user_uuid
    LEFT JOIN users cu ON cu.user_uuid = c.created_by_user_uuid`;

@Injectable()
export class SavedChartsRepository {
  private readonly db: EntityManager;

  constructor(@InjectDataSource() source: QueriesOn) {
    this.db = managerOf(source);
  }

  async findByUuid(savedChartUuid: string): Promise<SavedChartRow | null> {
    const [row] = await this.db.query(`${CHART_SELECT} WHERE c.saved_chart_uuid = $1`, [savedChartUuid]);
    return row ?? null;
  }

  async findBySlug(projectUuid: string, slug: string): Promise<SavedChartRow | null> {
    const [row] = await this.db.query(`${CHART_SELECT} WHERE c.project_uuid = $1 AND c.slug = $2`, [projectUuid, slug]);
    return row ?? null;
  }

  /** The charts with this slug in any project of the organization (callers keep the ones the user may see). */
  listBySlugInOrganization(organizationUuid: string, slug: string): Promise<SavedChartRow[]> {
    return this.db.query(`${CHART_SELECT} WHERE p.organization_uuid = $1 AND c.slug = $2 ORDER BY c.project_uuid`, [
      organizationUuid,
      slug,
    ]);
  }

  /** Every chart of the project (copies and exports; callers filter what the user may see). */
  listForProject(projectUuid: string): Promise<SavedChartRow[]> {
    return this.db.query(`${CHART_SELECT} WHERE c.project_uuid = $1 ORDER BY c.slug`, [projectUuid]);
  }

  /** The project's charts in the given spaces, by name. */
  listInSpaces(projectUuid: string, spaceUuids: readonly string[], options: { includeDashboardCharts: boolean }): Promise<SavedChartRow[]> {
    if (spaceUuids.length === 0) return Promise.resolve([]);
    return this.db.query(
      `${CHART_SELECT} WHERE c.project_uuid = $1 AND c.space_uuid = ANY($2::uuid[]) ${
        options.includeDashboardCharts ? '' : 'AND c.dashboard_uuid IS NULL'
      }
       ORDER BY lower(c.name), c.saved_chart_uuid`,
      [projectUuid, spaceUuids],
    );
  }

  /** The charts with these uuids (any project; callers check the project and spaces). */
  listByUuids(savedChartUuids: readonly string[]): Promise<SavedChartRow[]> {
    if (savedChartUuids.length === 0) return Promise.resolve([]);
    return this.db.query(`${CHART_SELECT} WHERE c.saved_chart_uuid = ANY($1::uuid[])`, [savedChartUuids]);
  }

  /** Charts saved in the spaces themselves (not inside a dashboard), by space. */
  async countBySpace(spaceUuids: readonly string[]): Promise<Map<string, number>> {
    if (spaceUuids.length === 0) return new Map();
    const rows: Array<{ spaceUuid: string; count: number }> = await this.db.query(
      `SELECT space_uuid AS "spaceUuid", count(*)::int AS count FROM saved_charts
        WHERE space_uuid = ANY($1::uuid[]) AND dashboard_uuid IS NULL GROUP BY space_uuid`,
      [spaceUuids],
    );
    return new Map(rows.map((row) => [row.spaceUuid, row.count]));
  }

  async slugTaken(projectUuid: string, slug: string): Promise<boolean> {
    return (await this.db.getRepository(SavedChartEntity).countBy({ projectUuid, slug })) > 0;
  }

  /** Inserts a chart with its first version, in one transaction. */
  async create(chart: NewChart, content: ChartContent, byUserUuid: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.insert(SavedChartEntity, { ...chart, createdByUserUuid: byUserUuid, updatedByUserUuid: byUserUuid });
      await insertVersion(manager, chart.savedChartUuid, chart, content, byUserUuid);
    });
  }

  /** Saves a new version (the chart's identity may change with it), in one transaction. */
  async addVersion(savedChartUuid: string, identity: ChartIdentity, content: ChartContent, byUserUuid: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      // Locks the chart so concurrent saves get consecutive version numbers.
      await manager.query(`SELECT 1 FROM saved_charts WHERE saved_chart_uuid = $1 FOR UPDATE`, [savedChartUuid]);
      await manager.update(SavedChartEntity, { savedChartUuid }, { ...identity, updatedByUserUuid: byUserUuid, updatedAt: new Date() });
      await insertVersion(manager, savedChartUuid, identity, content, byUserUuid);
    });
  }

  /** Deletes a chart, its versions and its pins. */
  async delete(savedChartUuid: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(`DELETE FROM pinned_items WHERE item_type = 'chart' AND item_uuid = $1`, [savedChartUuid]);
      await manager.delete(SavedChartEntity, { savedChartUuid });
    });
  }

  /** Counts a view; the first one also sets `firstViewedAt`. */
  async recordView(savedChartUuid: string): Promise<void> {
    await this.db.query(
      `UPDATE saved_charts SET views_count = views_count + 1, first_viewed_at = COALESCE(first_viewed_at, now()) ` +
        `WHERE saved_chart_uuid = $1`,
      [savedChartUuid],
    );
  }

  /** Every version of a chart, newest first. */
  versions(savedChartUuid: string): Promise<ChartVersionRow[]> {
    return this.db.query(`${VERSION_SELECT} WHERE v.saved_chart_uuid = $1 ORDER BY v.version_number DESC`, [savedChartUuid]);
  }

  async version(savedChartUuid: string, versionUuid: string): Promise<ChartVersionRow | null> {
    const [row] = await this.db.query(`${VERSION_SELECT} WHERE v.saved_chart_uuid = $1 AND v.version_uuid = $2`, [
      savedChartUuid,
      versionUuid,
    ]);
    return row ?? null;
  }

  /**
   * How many of the project's saved charts use each field (dimension or metric) in their latest
   * version: the data catalog's `chartUsage`.
   */
  async countFieldUsage(projectUuid: string): Promise<Map<string, number>> {
    const rows: Array<{ field_id: string; charts: number }> = await this.db.query(
      `SELECT fields.field_id, count(DISTINCT c.saved_chart_uuid)::int AS charts
         FROM saved_charts c
         JOIN LATERAL (
           SELECT v.metric_query FROM saved_chart_versions v
            WHERE v.saved_chart_uuid = c.saved_chart_uuid
            ORDER BY v.version_number DESC LIMIT 1
         ) latest ON true
         CROSS JOIN LATERAL (
           SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(latest.metric_query->'dimensions') = 'array' ` +
        `THEN latest.metric_query->'dimensions' ELSE '[]'::jsonb END) AS field_id
           UNION
           SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(latest.metric_query->'metrics') = 'array' ` +
        `THEN latest.metric_query->'metrics' ELSE '[]'::jsonb END)
         ) fields
        WHERE c.project_uuid = $1
        GROUP BY fields.field_id`,
      [projectUuid],
    );
    return new Map(rows.map((row) => [row.field_id, row.charts]));
  }
}

const VERSION_SELECT = `
  SELECT v.version_uuid AS "versionUuid", v.saved_chart_uuid AS "savedChartUuid", v.version_number AS "versionNumber",
         v.name, v.description, v.table_name AS "tableName", v.metric_query AS "metricQuery", v.chart_config AS "chartConfig",
         v.table_config AS "tableConfig", v.pivot_config AS "pivotConfig", v.chart_kind AS "chartKind", v.created_at AS "createdAt",
         ${USER_NAME('u')} AS "createdBy"
    FROM saved_chart_versions v LEFT JOIN users u ON u.user_uuid = v.created_by_user_uuid`;

async function insertVersion(
  manager: EntityManager,
  savedChartUuid: string,
  identity: ChartIdentity,
  content: ChartContent,
  byUserUuid: string,
): Promise<void> {
  const [{ next }] = (await manager.query(
    `SELECT COALESCE(max(version_number), 0) + 1 AS next FROM saved_chart_versions WHERE saved_chart_uuid = $1`,
    [savedChartUuid],
  )) as Array<{ next: number }>;
  await manager.query(
    `INSERT INTO saved_chart_versions (version_uuid, saved_chart_uuid, version_number, name, description, table_name, metric_query, ` +
      `chart_config,
                                       table_config, pivot_config, chart_kind, created_by_user_uuid)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      randomUUID(),
      savedChartUuid,
      next,
      identity.name,
      identity.description,
      content.tableName,
      JSON.stringify(content.metricQuery),
      JSON.stringify(content.chartConfig),
      JSON.stringify(content.tableConfig),
      content.pivotConfig === null ? null : JSON.stringify(content.pivotConfig),
      content.chartKind,
      byUserUuid,
    ],
  );
}
