import type { PinnedItemRow, SavedChartRow, UserName } from '@quarry/server/database';

/** ChartSummary of the spec: a chart as lists, spaces and pins show it. */
export interface ChartSummaryView {
  uuid: string;
  name: string;
  description: string | null;
  projectUuid: string;
  organizationUuid: string;
  spaceUuid: string;
  spaceName: string;
  dashboardUuid: string | null;
  dashboardName: string | null;
  slug: string;
  source: 'transform_explore';
  chartKind: string;
  chartType: string;
  updatedAt: string;
  updatedByUser: UserName | null;
  pinnedListUuid: string | null;
  pinnedListOrder: number | null;
  views: number;
  firstViewedAt: string | null;
  validationErrors: never[];
}

/** A saved chart with everything it shows (its latest version). */
export interface ChartView extends ChartSummaryView {
  tableName: string;
  metricQuery: Record<string, unknown>;
  chartConfig: Record<string, unknown>;
  tableConfig: Record<string, unknown>;
  pivotConfig: Record<string, unknown> | null;
  isPrivate: boolean;
  createdAt: string;
  createdByUser: UserName | null;
  version: number;
  versionUuid: string;
}

export function toChartSummary(row: SavedChartRow, pin: PinnedItemRow | undefined): ChartSummaryView {
  return {
    uuid: row.savedChartUuid,
    name: row.name,
    description: row.description,
    projectUuid: row.projectUuid,
    organizationUuid: row.organizationUuid,
    spaceUuid: row.spaceUuid,
    spaceName: row.spaceName,
    dashboardUuid: row.dashboardUuid,
    dashboardName: row.dashboardName,
    slug: row.slug,
    source: 'transform_explore',
    chartKind: row.chartKind,
    chartType: String(row.chartConfig['type']),
    updatedAt: new Date(row.updatedAt).toISOString(),
    updatedByUser: row.updatedByUser,
    pinnedListUuid: pin?.pinnedListUuid ?? null,
    pinnedListOrder: pin?.itemOrder ?? null,
    views: row.views,
    firstViewedAt: row.firstViewedAt ? new Date(row.firstViewedAt).toISOString() : null,
    validationErrors: [],
  };
}

export function toChartView(row: SavedChartRow, pin: PinnedItemRow | undefined, isPrivate: boolean): ChartView {
  return {
    ...toChartSummary(row, pin),
    tableName: row.tableName,
    metricQuery: row.metricQuery,
    chartConfig: row.chartConfig,
    tableConfig: row.tableConfig,
    pivotConfig: row.pivotConfig,
    isPrivate,
    createdAt: new Date(row.createdAt).toISOString(),
    createdByUser: row.createdByUser,
    version: row.versionNumber,
    versionUuid: row.versionUuid,
  };
}
