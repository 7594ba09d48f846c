/** Chart types a saved chart's `chartConfig.type` may hold (clarification 12). */
export const CHART_TYPES = ['cartesian', 'table', 'big_number', 'pie', 'funnel', 'treemap', 'gauge', 'map', 'sankey', 'custom'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const CHART_KINDS = [
  'line',
  'horizontal_bar',
  'vertical_bar',
  'scatter',
  'area',
  'mixed',
  'pie',
  'table',
  'big_number',
  'funnel',
  'treemap',
  'gauge',
  'map',
  'sankey',
  'custom',
] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

interface CartesianSeries {
  type?: unknown;
  areaStyle?: unknown;
}

/**
 * The kind a chart is listed as (`chartKind`), read from its config: a cartesian chart is a
 * line, area, scatter or bar chart when all its series are of that type (bars horizontal when the
 * axes are flipped), mixed otherwise; every other chart type is its own kind.
 */
export function chartKindOf(chartType: ChartType, config: unknown): ChartKind {
  if (chartType !== 'cartesian') return chartType;
  const layoutAndSeries = (config ?? {}) as { layout?: { flipAxes?: unknown }; eChartsConfig?: { series?: unknown } };
  const series = Array.isArray(layoutAndSeries.eChartsConfig?.series) ? (layoutAndSeries.eChartsConfig.series as CartesianSeries[]) : [];
  const kinds = new Set(series.map((entry) => seriesKind(entry, layoutAndSeries.layout?.flipAxes === true)));
  if (kinds.size === 0) return 'vertical_bar';
  return kinds.size === 1 ? ([...kinds][0] as ChartKind) : 'mixed';
}

function seriesKind(series: CartesianSeries, flipAxes: boolean): ChartKind | 'unknown' {
  switch (series.type) {
    case 'bar':
      return flipAxes ? 'horizontal_bar' : 'vertical_bar';
    case 'line':
      return series.areaStyle ? 'area' : 'line';
    case 'scatter':
      return 'scatter';
    default:
      return 'unknown';
  }
}
