/**
 * Rows a saved SQL chart's run writes: the chart's own limit (saved up to 1,000,000), never more
 * than QUERY_MAX_LIMIT — the bound every ad-hoc run has too, so a viewer cannot read more by
 * running a chart than a developer could by running its SQL.
 */
export function savedChartLimit(chartLimit: number, maxLimit: number): number {
  return Math.max(1, Math.min(chartLimit, maxLimit));
}
