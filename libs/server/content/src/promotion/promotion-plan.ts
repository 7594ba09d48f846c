import { isDeepStrictEqual } from 'node:util';

import type { DashboardRow, SavedChartRow, SpaceEntity, StoredTile } from '@quarry/server/database';

import type { ChangeAction, ContentChange, ContentChanges, SpaceChangeData } from '../as-code/content-changes';
import type { ProjectSpaces } from '../spaces/project-spaces';

/** What is promoted: charts (with their spaces) and optionally the dashboard that shows them. */
export interface PromotionSource {
  spaces: ProjectSpaces;
  charts: SavedChartRow[];
  dashboard: DashboardRow | null;
}

/** What already exists upstream, matched by slug (content) and path (spaces). */
export interface PromotionTarget {
  spaces: ProjectSpaces;
  chartsBySlug: ReadonlyMap<string, SavedChartRow>;
  dashboard: DashboardRow | null;
  /** Upstream chart slugs by uuid, to compare tiles. */
  chartSlugs: ReadonlyMap<string, string>;
}

/**
 * The plan of a promotion: spaces by path (missing ancestors created top-down, renamed when the
 * names differ), charts and the dashboard by slug (created, or updated as a new version unless
 * nothing differs).
 */
export function planPromotion(source: PromotionSource, target: PromotionTarget): ContentChanges {
  const spacePaths = new Set<string>();
  const spaceChanges: Array<ContentChange<SpaceChangeData>> = [];
  const sourceSpaceUuids = [...new Set([...source.charts.map((chart) => chart.spaceUuid), ...(source.dashboard ? [source.dashboard.spaceUuid] : [])])];
  for (const spaceUuid of sourceSpaceUuids) {
    for (const space of source.spaces.lineage(spaceUuid)) {
      if (spacePaths.has(space.path)) continue;
      spacePaths.add(space.path);
      spaceChanges.push(spaceChange(space, target.spaces.all().find((candidate) => candidate.path === space.path)));
    }
  }
  spaceChanges.sort((a, b) => a.data.path.split('.').length - b.data.path.split('.').length);

  const pathOf = (spaceUuid: string) => source.spaces.find(spaceUuid)?.path ?? '';
  const charts = source.charts.map((chart) => {
    const upstream = target.chartsBySlug.get(chart.slug);
    const inDashboard = chart.dashboardUuid !== null && chart.dashboardUuid === source.dashboard?.dashboardUuid;
    const action: ChangeAction = !upstream ? 'create' : sameChart(chart, upstream, pathOf(chart.spaceUuid), target, inDashboard) ? 'no changes' : 'update';
    return { action, data: { uuid: upstream?.savedChartUuid ?? null, slug: chart.slug, name: chart.name, spacePath: pathOf(chart.spaceUuid) } };
  });

  const dashboards = source.dashboard ? [dashboardChange(source, target, pathOf(source.dashboard.spaceUuid))] : [];
  return { spaces: spaceChanges, charts, dashboards };
}

function spaceChange(space: SpaceEntity, upstream: SpaceEntity | undefined): ContentChange<SpaceChangeData> {
  const parentPath = space.path.includes('.') ? space.path.slice(0, space.path.lastIndexOf('.')) : null;
  const data = { uuid: upstream?.spaceUuid ?? null, name: space.name, path: space.path, parentPath, isPrivate: space.isPrivate };
  if (!upstream) return { action: 'create', data };
  return { action: upstream.name === space.name ? 'no changes' : 'update', data };
}

function sameChart(chart: SavedChartRow, upstream: SavedChartRow, path: string, target: PromotionTarget, inDashboard: boolean): boolean {
  const upstreamPath = target.spaces.find(upstream.spaceUuid)?.path;
  const upstreamInDashboard = upstream.dashboardUuid !== null && upstream.dashboardUuid === target.dashboard?.dashboardUuid;
  return (
    upstreamPath === path &&
    upstreamInDashboard === inDashboard &&
    isDeepStrictEqual(
      [chart.name, chart.description, chart.tableName, chart.metricQuery, chart.chartConfig, chart.tableConfig, chart.pivotConfig],
      [upstream.name, upstream.description, upstream.tableName, upstream.metricQuery, upstream.chartConfig, upstream.tableConfig, upstream.pivotConfig],
    )
  );
}

function dashboardChange(source: PromotionSource, target: PromotionTarget, path: string) {
  const dashboard = source.dashboard as DashboardRow;
  const upstream = target.dashboard;
  const data = { uuid: upstream?.dashboardUuid ?? null, slug: dashboard.slug, name: dashboard.name, spacePath: path };
  if (!upstream) return { action: 'create' as const, data };
  const sourceSlugs = new Map(source.charts.map((chart) => [chart.savedChartUuid, chart.slug]));
  const same =
    target.spaces.find(upstream.spaceUuid)?.path === path &&
    isDeepStrictEqual(
      [dashboard.name, dashboard.description, dashboard.filters, dashboard.tabs, dashboard.config, dashboard.parameters, remapTileCharts(dashboard.tiles, sourceSlugs)],
      [upstream.name, upstream.description, upstream.filters, upstream.tabs, upstream.config, upstream.parameters, remapTileCharts(upstream.tiles, target.chartSlugs)],
    );
  return { action: same ? ('no changes' as const) : ('update' as const), data };
}

/** Tiles whose chart references go through `charts` (to slugs, to compare projects; to upstream uuids, to promote). */
export function remapTileCharts(tiles: readonly StoredTile[], charts: ReadonlyMap<string, string>): StoredTile[] {
  return tiles.map((tile) =>
    tile.type === 'saved_chart' ? { ...tile, properties: { ...tile.properties, savedChartUuid: charts.get(String(tile.properties['savedChartUuid'])) ?? null } } : tile,
  );
}
