import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { SavedSqlChartEntity } from '../entities/saved-sql-chart.entity';
import type { UserName } from './saved-charts.repository';

/** What each save of a SQL chart holds. */
export interface SqlChartContent {
  sql: string;
  limit: number;
  config: Record<string, unknown>;
  chartKind: string;
}

export interface SqlChartIdentity {
  name: string;
  description: string | null;
  spaceUuid: string;
}

export interface NewSqlChart extends SqlChartIdentity {
  savedSqlUuid: string;
  projectUuid: string;
  slug: string;
}

export interface SavedSqlChartRow extends SqlChartContent, SqlChartIdentity {
  savedSqlUuid: string;
  projectUuid: string;
  organizationUuid: string;
  slug: string;
  spaceName: string;
  dashboardUuid: string | null;
  dashboardName: string | null;
  views: number;
  firstViewedAt: Date | null;
  lastViewedAt: Date | null;
  createdAt: Date;
  lastUpdatedAt: Date;
  createdBy: UserName | null;
  lastUpdatedBy: UserName | null;
  versionUuid: string;
}

const USER_NAME = (alias: string) =>
  `CASE WHEN ${alias}.user_uuid IS NULL THEN NULL ELSE json_build_object('userUuid', ${alias}.user_uuid, ` +
  `'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name) END`;

const SQL_CHART_SELECT =
  `
  SELECT c.saved_sql_uuid AS "savedSqlUuid", c.project_uuid AS "projectUuid", p.organization_uuid AS "organizationUuid",
         c.space_uuid AS "spaceUuid", s.name AS "spaceName", c.dashboard_uuid AS "dashboardUuid", d.name AS "dashboardName",
         c.name, c.description, c.slug, c.views_count AS views, c.first_viewed_at AS "firstViewedAt", c.last_viewed_at AS "lastViewedAt",
         c.created_at AS "createdAt", c.last_updated_at AS "lastUpdatedAt",
         ${USER_NAME('cu')} AS "createdBy", ${USER_NAME('uu')} AS "lastUpdatedBy",
         v.version_uuid AS "versionUuid", v.sql, v.row_limit AS "limit", v.config, v.chart_kind AS "chartKind"
    FROM saved_sql_charts c
    JOIN projects p USING (project_uuid)
    JOIN spaces s ON s.space_uuid = c.space_uuid
    LEFT JOIN dashboards d ON d.dashboard_uuid = c.dashboard_uuid
    JOIN LATERAL (SELECT * FROM saved_sql_chart_versions x WHERE x.saved_sql_uuid = c.saved_sql_uuid ` +
  `ORDER BY x.version_number DESC LIMIT 1) v ON true
    LEFT JOIN users cu ON cu.user_uuid = c.created_by_user_uuid
    LEFT JOIN users uu ON uu.user_uuid = c.last_updated_by_user_uuid`;

@Injectable()
export class SavedSqlChartsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findByUuid(savedSqlUuid: string): Promise<SavedSqlChartRow | null> {
    const [row] = await this.dataSource.query(`${SQL_CHART_SELECT} WHERE c.saved_sql_uuid = $1`, [savedSqlUuid]);
    return row ?? null;
  }

  async findBySlug(projectUuid: string, slug: string): Promise<SavedSqlChartRow | null> {
    const [row] = await this.dataSource.query(`${SQL_CHART_SELECT} WHERE c.project_uuid = $1 AND c.slug = $2`, [projectUuid, slug]);
    return row ?? null;
  }

  /** Every SQL chart of the project (copies; callers filter what the user may see). */
  listForProject(projectUuid: string): Promise<SavedSqlChartRow[]> {
    return this.dataSource.query(`${SQL_CHART_SELECT} WHERE c.project_uuid = $1 ORDER BY c.slug`, [projectUuid]);
  }

  async slugTaken(projectUuid: string, slug: string): Promise<boolean> {
    return (await this.dataSource.getRepository(SavedSqlChartEntity).countBy({ projectUuid, slug })) > 0;
  }

  async create(chart: NewSqlChart, content: SqlChartContent, byUserUuid: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(SavedSqlChartEntity, {
        ...chart,
        createdByUserUuid: byUserUuid,
        lastUpdatedByUserUuid: byUserUuid,
        lastUpdatedAt: new Date(),
      });
      await insertVersion(manager, chart.savedSqlUuid, content, byUserUuid);
    });
  }

  /** Applies identity changes and, when given, saves new content as the next version. */
  async update(savedSqlUuid: string, identity: SqlChartIdentity, content: SqlChartContent | undefined, byUserUuid: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM saved_sql_charts WHERE saved_sql_uuid = $1 FOR UPDATE`, [savedSqlUuid]);
      await manager.update(
        SavedSqlChartEntity,
        { savedSqlUuid },
        { ...identity, lastUpdatedByUserUuid: byUserUuid, lastUpdatedAt: new Date() },
      );
      if (content) await insertVersion(manager, savedSqlUuid, content, byUserUuid);
    });
  }

  async delete(savedSqlUuid: string): Promise<void> {
    await this.dataSource.getRepository(SavedSqlChartEntity).delete({ savedSqlUuid });
  }

  async recordView(savedSqlUuid: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE saved_sql_charts SET views_count = views_count + 1, first_viewed_at = COALESCE(first_viewed_at, now()), last_viewed_at = now()
        WHERE saved_sql_uuid = $1`,
      [savedSqlUuid],
    );
  }
}

async function insertVersion(manager: EntityManager, savedSqlUuid: string, content: SqlChartContent, byUserUuid: string): Promise<void> {
  await manager.query(
    `INSERT INTO saved_sql_chart_versions (version_uuid, saved_sql_uuid, version_number, sql, row_limit, config, chart_kind, ` +
      `created_by_user_uuid)
     SELECT $1, $2, COALESCE(max(version_number), 0) + 1, $3, $4, $5, $6, $7 FROM saved_sql_chart_versions WHERE saved_sql_uuid = $2`,
    [randomUUID(), savedSqlUuid, content.sql, content.limit, JSON.stringify(content.config), content.chartKind, byUserUuid],
  );
}
