import { randomUUID } from 'node:crypto';

import type { Principal } from '@quarry/domain';
import type { ContentWrites, GroupShare, SpaceEntity, UserShare } from '@quarry/server/database';

import type { ContentChanges } from '../as-code/content-changes';
import { withFreeSlug, withFreeSpacePath } from '../content-names';
import { type PromotionSource, type PromotionTarget, remapTileCharts } from './promotion-plan';

/** A plan whose rights were checked (`assertPromotionAllowed`), to write into `projectUuid`. */
export interface CheckedPromotion {
  principal: Principal;
  projectUuid: string;
  source: PromotionSource;
  target: PromotionTarget;
  changes: ContentChanges;
  /** The direct shares of the private source spaces the plan creates upstream, by source space uuid. */
  sourceShares: ReadonlyMap<string, { users: UserShare[]; groups: GroupShare[] }>;
}

/** The upstream uuids of what was promoted. */
export interface AppliedPromotion {
  dashboardUuid: string | null;
  /** Upstream chart uuid by source chart uuid. */
  chartUuids: ReadonlyMap<string, string>;
}

/**
 * Writes a checked plan upstream through the repositories of one transaction (`writes`): spaces
 * parents first, then the dashboard (empty: charts saved in it need it), the charts, and the
 * dashboard's tiles. Content is placed by the upstream uuid of each planned space, never looked up
 * by path again; what is created takes the first free slug or path, as any new content does, so a
 * slug or path held by content the caller cannot see is neither reused nor overwritten.
 */
export async function applyPromotion(writes: ContentWrites, promotion: CheckedPromotion): Promise<AppliedPromotion> {
  const { principal, projectUuid, source, target, changes } = promotion;
  const upstreamSpaces = new Map<string, Pick<SpaceEntity, 'spaceUuid' | 'path'>>(target.spacesByPath);
  const spaceAt = (path: string) => {
    const space = upstreamSpaces.get(path);
    if (!space) throw new Error(`Promotion plan without the space ${path}`);
    return space;
  };

  for (const change of changes.spaces) {
    if (change.action === 'update' && change.data.uuid) await writes.spaces.update(change.data.uuid, { name: change.data.name });
    if (change.action !== 'create') continue;
    const sourceSpace = source.spaces.all().find((space) => space.path === change.data.path);
    if (!sourceSpace) throw new Error(`Promotion plan without the source space ${change.data.path}`);
    const parent = change.data.parentPath === null ? null : spaceAt(change.data.parentPath);
    // A private space takes its direct shares along, so the same people see it upstream; the caller administers it.
    const shares = promotion.sourceShares.get(sourceSpace.spaceUuid) ?? { users: [], groups: [] };
    const spaceUuid = randomUUID();
    let createdPath = '';
    await withFreeSpacePath(
      sourceSpace.slug,
      parent?.path ?? null,
      (path) => writes.spaces.pathTaken(projectUuid, path),
      (slug, path) => {
        createdPath = path;
        return writes.spaces.create(
          {
            spaceUuid,
            projectUuid,
            parentSpaceUuid: parent?.spaceUuid ?? null,
            name: sourceSpace.name,
            slug,
            path,
            isPrivate: sourceSpace.isPrivate,
            inheritParentPermissions: parent ? sourceSpace.inheritParentPermissions : false,
            createdByUserUuid: principal.userUuid,
          },
          [...shares.users, { userUuid: principal.userUuid, spaceRole: 'admin' }],
          shares.groups,
        );
      },
    );
    upstreamSpaces.set(change.data.path, { spaceUuid, path: createdPath });
    change.data.uuid = spaceUuid;
  }

  const dashboard = source.dashboard;
  const dashboardChange = changes.dashboards[0];
  let dashboardUuid = target.dashboard?.dashboardUuid ?? null;
  if (dashboard && dashboardChange && !dashboardUuid) {
    const created = randomUUID();
    const spaceUuid = spaceAt(dashboardChange.data.spacePath).spaceUuid;
    await withFreeSlug(
      'dashboard',
      dashboard.slug,
      (slug) => writes.dashboards.slugTaken(projectUuid, slug),
      (slug) =>
        writes.dashboards.create(
          { dashboardUuid: created, projectUuid, spaceUuid, name: dashboard.name, description: dashboard.description, slug },
          { tiles: [], tabs: dashboard.tabs, filters: dashboard.filters, config: dashboard.config, parameters: dashboard.parameters },
          principal.userUuid,
        ),
      'dashboards_slug_unique',
    );
    dashboardUuid = created;
  }

  const chartUuids = new Map<string, string>();
  for (const [index, chart] of source.charts.entries()) {
    const change = changes.charts[index];
    if (!change) continue;
    const identity = {
      name: chart.name,
      description: chart.description,
      spaceUuid: spaceAt(change.data.spacePath).spaceUuid,
      dashboardUuid: chart.dashboardUuid !== null && chart.dashboardUuid === dashboard?.dashboardUuid ? dashboardUuid : null,
    };
    const content = {
      tableName: chart.tableName,
      metricQuery: chart.metricQuery,
      chartConfig: chart.chartConfig,
      tableConfig: chart.tableConfig,
      pivotConfig: chart.pivotConfig,
      chartKind: chart.chartKind,
    };
    if (change.action === 'create') {
      const savedChartUuid = randomUUID();
      await withFreeSlug(
        'chart',
        chart.slug,
        (slug) => writes.charts.slugTaken(projectUuid, slug),
        (slug) => writes.charts.create({ savedChartUuid, projectUuid, slug, ...identity }, content, principal.userUuid),
        'saved_charts_slug_unique',
      );
      change.data.uuid = savedChartUuid;
    } else if (change.action === 'update' && change.data.uuid) {
      await writes.charts.addVersion(change.data.uuid, identity, content, principal.userUuid);
    }
    if (change.data.uuid) chartUuids.set(chart.savedChartUuid, change.data.uuid);
  }

  if (dashboard && dashboardUuid && dashboardChange && dashboardChange.action !== 'no changes') {
    await writes.dashboards.addVersion(
      dashboardUuid,
      { name: dashboard.name, description: dashboard.description, spaceUuid: spaceAt(dashboardChange.data.spacePath).spaceUuid },
      {
        tiles: remapTileCharts(dashboard.tiles, chartUuids),
        tabs: dashboard.tabs,
        filters: dashboard.filters,
        config: dashboard.config,
        parameters: dashboard.parameters,
      },
      principal.userUuid,
    );
    dashboardChange.data.uuid = dashboardUuid;
  }
  return { dashboardUuid, chartUuids };
}
