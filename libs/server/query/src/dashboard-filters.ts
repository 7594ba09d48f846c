import {
  type Explore,
  type FilterGroup,
  type FilterGroupItem,
  type FilterRule,
  type Filters,
  getFieldId,
  type MetricQuery,
} from '@quarry/domain';

/** Lightdash's DashboardFilters: rule lists that narrow a query, each list ANDed. */
export interface DashboardFilters {
  dimensions?: Array<FilterRule & { target: { fieldId: string; tableName?: string } }>;
  metrics?: Array<FilterRule & { target: { fieldId: string; tableName?: string } }>;
  tableCalculations?: Array<FilterRule & { target: { fieldId: string } }>;
}

const KINDS = ['dimensions', 'metrics', 'tableCalculations'] as const;

function exploreFieldIds(explore: Explore): Set<string> {
  const ids = new Set<string>();
  for (const table of Object.values(explore.tables)) {
    for (const field of [...Object.values(table.dimensions), ...Object.values(table.metrics)]) ids.add(getFieldId(field));
  }
  return ids;
}

/**
 * ANDs dashboard filters onto the query's own filters. As in Lightdash, a rule whose field is not
 * in the query's explore (a dashboard filtering tiles of several explores) is dropped, not an
 * error; table calculation rules apply to the query's table calculations by name.
 */
export function withDashboardFilters(query: MetricQuery, dashboardFilters: DashboardFilters | undefined, explore: Explore): MetricQuery {
  if (!dashboardFilters) return query;
  const known = exploreFieldIds(explore);
  for (const custom of query.additionalMetrics ?? []) known.add(`${custom.table}_${custom.name}`);
  for (const custom of query.customDimensions ?? []) known.add(custom.id);
  const calculations = new Set(query.tableCalculations.map((calculation) => calculation.name));
  const filters: Filters = { ...query.filters };
  for (const kind of KINDS) {
    const rules: FilterRule[] = (dashboardFilters[kind] ?? [])
      .filter((rule) => (kind === 'tableCalculations' ? calculations : known).has(rule.target.fieldId))
      .map(({ id, target, operator, values, settings, disabled, required }) => ({
        id: id ?? `dashboard-${target.fieldId}`,
        target: { fieldId: target.fieldId },
        operator,
        values,
        settings,
        disabled,
        required,
      }));
    if (rules.length === 0) continue;
    const own: FilterGroupItem[] = filters[kind] ? [filters[kind] as FilterGroup] : [];
    filters[kind] = { id: `dashboard-${kind}`, and: [...own, ...rules] };
  }
  return { ...query, filters };
}
