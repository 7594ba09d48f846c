import type { DashboardRow, PinnedItemRow, SavedChartRow, StoredTile, UserName } from '@quarry/server/database';

/** DashboardSummary of the spec. */
export interface DashboardSummaryView {
  uuid: string;
  name: string;
  description: string | null;
  projectUuid: string;
  organizationUuid: string;
  spaceUuid: string;
  spaceName: string;
  slug: string;
  updatedAt: string;
  updatedByUser: UserName | null;
  pinnedListUuid: string | null;
  pinnedListOrder: number | null;
  views: number;
  firstViewedAt: string | null;
  validationErrors: never[];
}

export interface DashboardTileView extends Omit<StoredTile, 'properties'> {
  properties: Record<string, unknown>;
}

/** Dashboard of the spec. */
export interface DashboardView extends DashboardSummaryView {
  dashboardVersionId: number;
  isPrivate: boolean;
  tiles: DashboardTileView[];
  filters: Record<string, unknown>;
  tabs: Array<{ uuid: string; name: string; order: number }>;
  config: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

export function toDashboardSummary(row: DashboardRow, pin: PinnedItemRow | undefined): DashboardSummaryView {
  return {
    uuid: row.dashboardUuid,
    name: row.name,
    description: row.description,
    projectUuid: row.projectUuid,
    organizationUuid: row.organizationUuid,
    spaceUuid: row.spaceUuid,
    spaceName: row.spaceName,
    slug: row.slug,
    updatedAt: new Date(row.updatedAt).toISOString(),
    updatedByUser: row.updatedByUser,
    pinnedListUuid: pin?.pinnedListUuid ?? null,
    pinnedListOrder: pin?.itemOrder ?? null,
    views: row.views,
    firstViewedAt: row.firstViewedAt ? new Date(row.firstViewedAt).toISOString() : null,
    validationErrors: [],
  };
}

/** The dashboard with each chart tile describing its chart as it is now. */
export function toDashboardView(
  row: DashboardRow,
  pin: PinnedItemRow | undefined,
  isPrivate: boolean,
  charts: ReadonlyMap<string, SavedChartRow>,
): DashboardView {
  return {
    ...toDashboardSummary(row, pin),
    dashboardVersionId: row.dashboardVersionId,
    isPrivate,
    tiles: row.tiles.map((tile) => ({ ...tile, properties: tileProperties(row.dashboardUuid, tile, charts) })),
    filters: row.filters,
    tabs: row.tabs,
    config: row.config,
    parameters: row.parameters,
  };
}

function tileProperties(dashboardUuid: string, tile: StoredTile, charts: ReadonlyMap<string, SavedChartRow>): Record<string, unknown> {
  if (tile.type !== 'saved_chart') return tile.properties;
  const chart = charts.get(String(tile.properties['savedChartUuid']));
  return {
    title: null,
    hideTitle: false,
    ...tile.properties,
    // A deleted chart leaves an empty tile rather than a broken reference.
    savedChartUuid: chart?.savedChartUuid ?? null,
    chartName: chart?.name ?? null,
    chartSlug: chart?.slug ?? null,
    lastVersionChartKind: chart?.chartKind ?? null,
    belongsToDashboard: chart?.dashboardUuid === dashboardUuid,
  };
}
