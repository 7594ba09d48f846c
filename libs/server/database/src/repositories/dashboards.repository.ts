import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

import { DashboardEntity } from '../entities/dashboard.entity';
import { managerOf, type QueriesOn } from './queries-on';
import type { UserName } from './saved-charts.repository';

/** A dashboard tile as stored: its uuid, type, grid position, tab and type-specific properties. */
export interface StoredTile {
  uuid: string;
  type: string;
  x: number;
  y: number;
  w: number;
  h: number;
  tabUuid: string | null;
  properties: Record<string, unknown>;
}

/** What a version of a dashboard holds. */
export interface DashboardLayout {
  tiles: StoredTile[];
  filters: Record<string, unknown>;
  tabs: Array<{ uuid: string; name: string; order: number; hidden?: boolean }>;
  config: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

export interface DashboardIdentity {
  name: string;
  description: string | null;
  spaceUuid: string;
}

export interface NewDashboard extends DashboardIdentity {
  dashboardUuid: string;
  projectUuid: string;
  slug: string;
}

/** A dashboard with its latest version and the names the responses show. */
export interface DashboardRow extends DashboardLayout, DashboardIdentity {
  dashboardUuid: string;
  projectUuid: string;
  organizationUuid: string;
  slug: string;
  spaceName: string;
  views: number;
  firstViewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  updatedByUser: UserName | null;
  dashboardVersionId: number;
}

const USER_NAME = (alias: string) =>
  `CASE WHEN ${alias}.user_uuid IS NULL THEN NULL ELSE json_build_object('userUuid', ${alias}.user_uuid, ` +
  `'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name) END`;

const DASHBOARD_SELECT =
  `
  SELECT d.dashboard_uuid AS "dashboardUuid", d.project_uuid AS "projectUuid", p.organization_uuid AS "organizationUuid",
         d.space_uuid AS "spaceUuid", s.name AS "spaceName", d.name, d.description, d.slug, d.views_count AS views,
         d.first_viewed_at AS "firstViewedAt", d.created_at AS "createdAt", d.updated_at AS "updatedAt",
         ${USER_NAME('u')} AS "updatedByUser",
         v.dashboard_version_id AS "dashboardVersionId", v.tiles, v.filters, v.tabs, v.config, v.parameters
    FROM dashboards d
    JOIN projects p USING (project_uuid)
    JOIN spaces s ON s.space_uuid = d.space_uuid
    JOIN LATERAL (SELECT * FROM dashboard_versions x WHERE x.dashboard_uuid = d.dashboard_uuid ` +
  `ORDER BY x.dashboard_version_id DESC LIMIT 1) v ON true
    LEFT JOIN users u ON u.user_uuid = d.updated_by_user_uuid`;

@Injectable()
export class DashboardsRepository {
  private readonly db: EntityManager;

  constructor(@InjectDataSource() source: QueriesOn) {
    this.db = managerOf(source);
  }

  async findByUuid(dashboardUuid: string): Promise<DashboardRow | null> {
    const [row] = await this.db.query(`${DASHBOARD_SELECT} WHERE d.dashboard_uuid = $1`, [dashboardUuid]);
    return row ?? null;
  }

  async findBySlug(projectUuid: string, slug: string): Promise<DashboardRow | null> {
    const [row] = await this.db.query(`${DASHBOARD_SELECT} WHERE d.project_uuid = $1 AND d.slug = $2`, [projectUuid, slug]);
    return row ?? null;
  }

  /** The dashboards with this slug in any project of the organization (callers keep the ones the user may see). */
  listBySlugInOrganization(organizationUuid: string, slug: string): Promise<DashboardRow[]> {
    return this.db.query(`${DASHBOARD_SELECT} WHERE p.organization_uuid = $1 AND d.slug = $2 ORDER BY d.project_uuid`, [
      organizationUuid,
      slug,
    ]);
  }

  /** Every dashboard of the project (copies; callers filter what the user may see). */
  listForProject(projectUuid: string): Promise<DashboardRow[]> {
    return this.db.query(`${DASHBOARD_SELECT} WHERE d.project_uuid = $1 ORDER BY d.slug`, [projectUuid]);
  }

  /** The project's dashboards in the given spaces, by name. */
  listInSpaces(projectUuid: string, spaceUuids: readonly string[]): Promise<DashboardRow[]> {
    if (spaceUuids.length === 0) return Promise.resolve([]);
    return this.db.query(
      `${DASHBOARD_SELECT} WHERE d.project_uuid = $1 AND d.space_uuid = ANY($2::uuid[]) ORDER BY lower(d.name), d.dashboard_uuid`,
      [projectUuid, spaceUuids],
    );
  }

  async countBySpace(spaceUuids: readonly string[]): Promise<Map<string, number>> {
    if (spaceUuids.length === 0) return new Map();
    const rows: Array<{ spaceUuid: string; count: number }> = await this.db.query(
      `SELECT space_uuid AS "spaceUuid", count(*)::int AS count FROM dashboards WHERE space_uuid = ANY($1::uuid[]) GROUP BY space_uuid`,
      [spaceUuids],
    );
    return new Map(rows.map((row) => [row.spaceUuid, row.count]));
  }

  async slugTaken(projectUuid: string, slug: string): Promise<boolean> {
    return (await this.db.getRepository(DashboardEntity).countBy({ projectUuid, slug })) > 0;
  }

  /** Inserts a dashboard with its first version, in one transaction. */
  async create(dashboard: NewDashboard, layout: DashboardLayout, byUserUuid: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.insert(DashboardEntity, { ...dashboard, createdByUserUuid: byUserUuid, updatedByUserUuid: byUserUuid });
      await insertVersion(manager, dashboard.dashboardUuid, layout, byUserUuid);
    });
  }

  /**
   * Saves a change as a new version. Moving the dashboard moves the charts saved in it too, so
   * they keep their dashboard's access rules.
   */
  async addVersion(dashboardUuid: string, identity: DashboardIdentity, layout: DashboardLayout, byUserUuid: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.update(DashboardEntity, { dashboardUuid }, { ...identity, updatedByUserUuid: byUserUuid, updatedAt: new Date() });
      await manager.query(`UPDATE saved_charts SET space_uuid = $2 WHERE dashboard_uuid = $1 AND space_uuid <> $2`, [
        dashboardUuid,
        identity.spaceUuid,
      ]);
      await insertVersion(manager, dashboardUuid, layout, byUserUuid);
    });
  }

  /** Deletes a dashboard, the charts saved in it (cascade), and their pins. */
  async delete(dashboardUuid: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `DELETE FROM pinned_items WHERE (item_type = 'dashboard' AND item_uuid = $1)
            OR (item_type = 'chart' AND item_uuid IN (SELECT saved_chart_uuid FROM saved_charts WHERE dashboard_uuid = $1))`,
        [dashboardUuid],
      );
      await manager.delete(DashboardEntity, { dashboardUuid });
    });
  }

  async recordView(dashboardUuid: string): Promise<void> {
    await this.db.query(
      `UPDATE dashboards SET views_count = views_count + 1, first_viewed_at = COALESCE(first_viewed_at, now()) WHERE dashboard_uuid = $1`,
      [dashboardUuid],
    );
  }
}

async function insertVersion(manager: EntityManager, dashboardUuid: string, layout: DashboardLayout, byUserUuid: string): Promise<void> {
  await manager.query(
    `INSERT INTO dashboard_versions (dashboard_uuid, tiles, filters, tabs, config, parameters, created_by_user_uuid) VALUES ($1, $2, ` +
      `$3, $4, $5, $6, $7)`,
    [
      dashboardUuid,
      JSON.stringify(layout.tiles),
      JSON.stringify(layout.filters),
      JSON.stringify(layout.tabs),
      JSON.stringify(layout.config),
      JSON.stringify(layout.parameters),
      byUserUuid,
    ],
  );
}
