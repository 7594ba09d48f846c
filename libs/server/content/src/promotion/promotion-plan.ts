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

/**
 * The upstream content a promotion may match, by slug (content) and path (spaces): only what the
 * caller may view there. Content they cannot see is not in it, so the plan treats it as absent: it
 * never shows in a diff (no uuid, name or path) and is never overwritten.
 */
export interface PromotionTarget {
  spacesByPath: ReadonlyMap<string, SpaceEntity>;
  chartsBySlug: ReadonlyMap<string, SavedChartRow>;
  dashboard: DashboardRow | null;
  /** Upstream chart slugs by uuid, to compare the tiles of the upstream dashboard. */
  chartSlugs: ReadonlyMap<string, string>;
}

/** What was found upstream by the promoted slugs, whoever may see it. */
export interface UpstreamMatches {
  charts: readonly SavedChartRow[];
  dashboard: DashboardRow | null;
  /** The charts the tiles of `dashboard` show. */
  tileCharts: readonly SavedChartRow[];
}

/** The part of the upstream matches the caller may view (`upstream` is their view of the upstream project). */
export function visibleTarget(upstream: ProjectSpaces, found: UpstreamMatches): PromotionTarget {
  const visible = (row: { projectUuid: string; spaceUuid: string }) =>
    row.projectUuid === upstream.projectUuid && upstream.access(row.spaceUuid) !== undefined;
  return {
    spacesByPath: new Map(upstream.visible().map((space) => [space.path, space])),
    chartsBySlug: new Map(found.charts.filter(visible).map((chart) => [chart.slug, chart])),
    dashboard: found.dashboard && visible(found.dashboard) ? found.dashboard : null,
    chartSlugs: new Map(found.tileCharts.filter(visible).map((chart) => [chart.savedChartUuid, chart.slug])),
  };
}

/**
 * The plan of a promotion: spaces by path (missing ones created parents first, matched ones
 * renamed when the names differ), charts and the dashboard by slug (created, or updated as a new
 * version unless nothing differs). A missing space is created only when content goes in it or a
 * created space goes under it.
 */
export function planPromotion(source: PromotionSource, target: PromotionTarget): ContentChanges {
  const planned = new Map<string, ContentChange<SpaceChangeData>>();
  const contentSpaces = [
    ...new Set([...source.charts.map((chart) => chart.spaceUuid), ...(source.dashboard ? [source.dashboard.spaceUuid] : [])]),
  ];
  for (const spaceUuid of contentSpaces) {
    // From the content's space up: a missing space is needed when it holds the content or a created child.
    let needed = true;
    for (const space of source.spaces.lineage(spaceUuid).reverse()) {
      const upstream = target.spacesByPath.get(space.path);
      if (upstream || needed) planned.set(space.path, planned.get(space.path) ?? spaceChange(space, upstream));
      needed = !upstream && needed;
    }
  }
  const spaces = [...planned.values()].sort((a, b) => depth(a.data.path) - depth(b.data.path));

  const pathOf = (spaceUuid: string) => source.spaces.find(spaceUuid)?.path ?? '';
  const charts = source.charts.map((chart) => {
    const upstream = target.chartsBySlug.get(chart.slug);
    const inDashboard = chart.dashboardUuid !== null && chart.dashboardUuid === source.dashboard?.dashboardUuid;
    const action: ChangeAction = !upstream
      ? 'create'
      : sameChart(chart, upstream, pathOf(chart.spaceUuid), target, inDashboard)
        ? 'no changes'
        : 'update';
    return {
      action,
      data: { uuid: upstream?.savedChartUuid ?? null, slug: chart.slug, name: chart.name, spacePath: pathOf(chart.spaceUuid) },
    };
  });

  const dashboards = source.dashboard ? [dashboardChange(source, target, pathOf(source.dashboard.spaceUuid))] : [];
  return { spaces, charts, dashboards };
}

function depth(path: string): number {
  return path.split('.').length;
}

function spaceChange(space: SpaceEntity, upstream: SpaceEntity | undefined): ContentChange<SpaceChangeData> {
  const parentPath = space.path.includes('.') ? space.path.slice(0, space.path.lastIndexOf('.')) : null;
  const data = { uuid: upstream?.spaceUuid ?? null, name: space.name, path: space.path, parentPath, isPrivate: space.isPrivate };
  if (!upstream) return { action: 'create', data };
  return { action: upstream.name === space.name ? 'no changes' : 'update', data };
}

/** The path of a matched upstream space (only visible ones are known). */
function upstreamPath(target: PromotionTarget, spaceUuid: string): string | undefined {
  for (const [path, space] of target.spacesByPath) if (space.spaceUuid === spaceUuid) return path;
  return undefined;
}

function sameChart(chart: SavedChartRow, upstream: SavedChartRow, path: string, target: PromotionTarget, inDashboard: boolean): boolean {
  const upstreamInDashboard = upstream.dashboardUuid !== null && upstream.dashboardUuid === target.dashboard?.dashboardUuid;
  return (
    upstreamPath(target, upstream.spaceUuid) === path &&
    upstreamInDashboard === inDashboard &&
    isDeepStrictEqual(
      [chart.name, chart.description, chart.tableName, chart.metricQuery, chart.chartConfig, chart.tableConfig, chart.pivotConfig],
      [
        upstream.name,
        upstream.description,
        upstream.tableName,
        upstream.metricQuery,
        upstream.chartConfig,
        upstream.tableConfig,
        upstream.pivotConfig,
      ],
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
    upstreamPath(target, upstream.spaceUuid) === path &&
    isDeepStrictEqual(
      [
        dashboard.name,
        dashboard.description,
        dashboard.filters,
        dashboard.tabs,
        dashboard.config,
        dashboard.parameters,
        remapTileCharts(dashboard.tiles, sourceSlugs),
      ],
      [
        upstream.name,
        upstream.description,
        upstream.filters,
        upstream.tabs,
        upstream.config,
        upstream.parameters,
        remapTileCharts(upstream.tiles, target.chartSlugs),
      ],
    );
  return { action: same ? ('no changes' as const) : ('update' as const), data };
}

/** Tiles whose chart references go through `charts` (to slugs, to compare projects; to upstream uuids, to promote). */
export function remapTileCharts(tiles: readonly StoredTile[], charts: ReadonlyMap<string, string>): StoredTile[] {
  return tiles.map((tile) =>
    tile.type === 'saved_chart'
      ? { ...tile, properties: { ...tile.properties, savedChartUuid: charts.get(String(tile.properties['savedChartUuid'])) ?? null } }
      : tile,
  );
}
