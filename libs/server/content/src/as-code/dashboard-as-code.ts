import { slugify } from '@quarry/domain';
import type { DashboardRow, StoredTile } from '@quarry/server/database';

import { AS_CODE_VERSION } from './chart-as-code';

export interface TileAsCode {
  /** The tile's id in its dashboard: an upload keeps it, so it stays the same wherever the file goes. */
  uuid: string;
  type: string;
  x: number;
  y: number;
  w: number;
  h: number;
  tabUuid: string | null;
  /** Names the tile in filters' `tileTargets` instead of its uuid. */
  tileSlug: string;
  /** Chart tiles name their chart by `chartSlug` (no uuids). */
  properties: Record<string, unknown>;
}

/** DashboardAsCode: a dashboard as a file, keyed by slug, its charts by slug, its space by path. */
export interface DashboardAsCode {
  name: string;
  description: string | null;
  slug: string;
  spaceSlug: string;
  updatedAt: string;
  downloadedAt: string;
  version: number;
  tiles: TileAsCode[];
  tabs: Array<{ uuid: string; name: string; order: number; hidden?: boolean }>;
  filters: Record<string, unknown>;
  config: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

/** A slug per tile, unique in the dashboard: its chart's slug, else its title, else its type. */
export function tileSlugs(tiles: readonly StoredTile[], chartSlugs: ReadonlyMap<string, string>): string[] {
  const taken = new Set<string>();
  return tiles.map((tile) => {
    const base =
      chartSlugs.get(String(tile.properties['savedChartUuid'])) ??
      slugify(String(tile.properties['title'] ?? ''), tile.type.replace(/_/g, '-'));
    let slug = base;
    for (let attempt = 1; taken.has(slug); attempt += 1) slug = `${base}-${attempt}`;
    taken.add(slug);
    return slug;
  });
}

/**
 * The slug of each uploaded tile: its own `tileSlug`, else the one the download would give it (its
 * chart's slug, else its title, else its type), so a file without tile slugs (the reference's may
 * leave them out) updates the same tiles on every upload. Slugs stay unique in the dashboard.
 */
export function uploadTileSlugs(tiles: ReadonlyArray<{ type: string; tileSlug?: string; properties: Record<string, unknown> }>): string[] {
  const taken = new Set(tiles.map((tile) => tile.tileSlug).filter((slug): slug is string => Boolean(slug)));
  return tiles.map((tile) => {
    if (tile.tileSlug) return tile.tileSlug;
    const chartSlug =
      tile.type === 'saved_chart' && typeof tile.properties['chartSlug'] === 'string' ? tile.properties['chartSlug'] : undefined;
    const base = chartSlug ?? slugify(String(tile.properties['title'] ?? ''), tile.type.replace(/_/g, '-'));
    let slug = base;
    for (let attempt = 1; taken.has(slug); attempt += 1) slug = `${base}-${attempt}`;
    taken.add(slug);
    return slug;
  });
}

/** Rewrites the keys of every filter's `tileTargets` (tile uuid ↔ tile slug). */
export function rekeyTileTargets(filters: Record<string, unknown>, keys: ReadonlyMap<string, string>): Record<string, unknown> {
  const rekey = (rules: unknown) =>
    Array.isArray(rules)
      ? rules.map((rule) => {
          const targets = (rule as { tileTargets?: unknown }).tileTargets;
          if (!targets || typeof targets !== 'object') return rule;
          const entries = Object.entries(targets as Record<string, unknown>).filter(([key]) => keys.has(key));
          return { ...(rule as object), tileTargets: Object.fromEntries(entries.map(([key, value]) => [keys.get(key) as string, value])) };
        })
      : rules;
  return Object.fromEntries(Object.entries(filters).map(([group, rules]) => [group, rekey(rules)]));
}

export function toDashboardAsCode(
  dashboard: DashboardRow,
  spacePath: string,
  chartSlugs: ReadonlyMap<string, string>,
  downloadedAt: Date,
): DashboardAsCode {
  const slugs = tileSlugs(dashboard.tiles, chartSlugs);
  const tiles = dashboard.tiles.map((tile, index): TileAsCode => {
    const { savedChartUuid, ...properties } = tile.properties;
    return {
      uuid: tile.uuid,
      type: tile.type,
      x: tile.x,
      y: tile.y,
      w: tile.w,
      h: tile.h,
      tabUuid: tile.tabUuid,
      tileSlug: slugs[index] as string,
      properties:
        tile.type === 'saved_chart' ? { ...properties, chartSlug: chartSlugs.get(String(savedChartUuid)) ?? null } : tile.properties,
    };
  });
  return {
    name: dashboard.name,
    description: dashboard.description,
    slug: dashboard.slug,
    spaceSlug: spacePath,
    updatedAt: new Date(dashboard.updatedAt).toISOString(),
    downloadedAt: downloadedAt.toISOString(),
    version: AS_CODE_VERSION,
    tiles,
    tabs: dashboard.tabs,
    filters: rekeyTileTargets(dashboard.filters, new Map(dashboard.tiles.map((tile, index) => [tile.uuid, slugs[index] as string]))),
    config: dashboard.config,
    parameters: dashboard.parameters,
  };
}

/** A dashboard's translatable strings: name, description, tab names and tile titles. */
export function dashboardLanguageMap(dashboard: DashboardAsCode): { dashboard: Record<string, unknown> } {
  const titles = Object.fromEntries(
    dashboard.tiles
      .filter((tile) => typeof tile.properties['title'] === 'string' && tile.properties['title'])
      .map((tile) => [tile.tileSlug, { title: tile.properties['title'] }]),
  );
  return {
    dashboard: {
      [dashboard.slug]: {
        name: dashboard.name,
        ...(dashboard.description ? { description: dashboard.description } : {}),
        ...(dashboard.tabs.length > 0 ? { tabs: Object.fromEntries(dashboard.tabs.map((tab) => [tab.uuid, { name: tab.name }])) } : {}),
        ...(Object.keys(titles).length > 0 ? { tiles: titles } : {}),
      },
    },
  };
}
