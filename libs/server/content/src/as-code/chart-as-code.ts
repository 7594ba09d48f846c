import type { SavedChartRow } from '@quarry/server/database';

/** The format version of ChartAsCode (clarification 12). */
export const AS_CODE_VERSION = 1;

/** ChartAsCode of the spec: a chart as a file, keyed by slug, its space by path. */
export interface ChartAsCode {
  name: string;
  description: string | null;
  slug: string;
  tableName: string;
  spaceSlug: string;
  dashboardSlug: string | null;
  updatedAt: string;
  downloadedAt: string;
  version: number;
  metricQuery: Record<string, unknown>;
  chartConfig: Record<string, unknown>;
  tableConfig: Record<string, unknown>;
  pivotConfig: Record<string, unknown> | null;
}

export function toChartAsCode(chart: SavedChartRow, spacePath: string, dashboardSlug: string | null, downloadedAt: Date): ChartAsCode {
  return {
    name: chart.name,
    description: chart.description,
    slug: chart.slug,
    tableName: chart.tableName,
    spaceSlug: spacePath,
    dashboardSlug,
    updatedAt: new Date(chart.updatedAt).toISOString(),
    downloadedAt: downloadedAt.toISOString(),
    version: AS_CODE_VERSION,
    metricQuery: chart.metricQuery,
    chartConfig: chart.chartConfig,
    tableConfig: chart.tableConfig,
    pivotConfig: chart.pivotConfig,
  };
}

const TRANSLATABLE_KEY = /(label|title|name|description)$/i;

/**
 * A chart's translatable strings: its name and description, and every string the chart config
 * shows as a label, title or name, at the same place in the structure.
 */
export function chartLanguageMap(chart: ChartAsCode): { chart: Record<string, unknown> } {
  const config = translatable(chart.chartConfig['config']);
  return {
    chart: {
      [chart.slug]: {
        name: chart.name,
        ...(chart.description ? { description: chart.description } : {}),
        ...(config !== undefined ? { chartConfig: { config } } : {}),
      },
    },
  };
}

function translatable(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return TRANSLATABLE_KEY.test(key) && value.trim() ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => translatable(item, key));
    return items.some((item) => item !== undefined) ? items.map((item) => item ?? null) : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([childKey, child]) => [childKey, translatable(child, childKey)] as const)
      .filter(([, child]) => child !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}
