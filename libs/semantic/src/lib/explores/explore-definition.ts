import type { DimensionMeta } from '../meta/field-meta';
import type { JoinMeta } from '../meta/model-meta';
import type { ModelTable } from '../tables/build-model-table';
import { friendlyName } from '../util/friendly-name';

/** One explore to build: a base model, the joins it brings, and explore-level settings. */
export interface ExploreDefinition {
  name: string;
  label: string;
  description?: string;
  tags: string[];
  groupLabel?: string;
  groups?: string[];
  caseSensitive?: boolean;
  base: ModelTable;
  joins: JoinMeta[];
  /** Explore-level `additional_dimensions`, added to the base table in this explore only. */
  additionalDimensions: Record<string, DimensionMeta>;
  /** Replaces the base model's `sql_filter` in this explore. */
  sqlFilter?: string;
  /** Replace the base model's required / default filters in this explore. */
  requiredFilters?: unknown[];
  defaultFilters?: unknown[];
}

/**
 * The explores a project yields: one per visible model (hidden models can still be joined),
 * plus each model's extra `explores:`, built on that model with its own label and joins.
 */
export function exploreDefinitions(modelTables: readonly ModelTable[]): ExploreDefinition[] {
  const definitions: ExploreDefinition[] = [];
  for (const modelTable of modelTables) {
    const { model, meta } = modelTable;
    if (model.resourceType !== 'model') continue;
    const label = meta.label ?? friendlyName(model.name);
    const shared = {
      base: modelTable,
      ...(meta.groupLabel ? { groupLabel: meta.groupLabel } : {}),
      ...(meta.groups ? { groups: meta.groups } : {}),
    };
    if (meta.hidden !== true) {
      definitions.push({
        ...shared,
        name: model.name,
        label,
        description: meta.description ?? model.description,
        tags: model.tags,
        ...(meta.caseSensitive === undefined ? {} : { caseSensitive: meta.caseSensitive }),
        joins: meta.joins,
        additionalDimensions: {},
      });
    }
    for (const [name, explore] of Object.entries(meta.explores)) {
      const caseSensitive = explore.caseSensitive ?? meta.caseSensitive;
      definitions.push({
        ...shared,
        name,
        label: explore.label ?? label,
        description: explore.description ?? meta.description ?? model.description,
        tags: explore.tags ?? model.tags,
        ...(explore.groupLabel ? { groupLabel: explore.groupLabel } : {}),
        ...(explore.groups ? { groups: explore.groups } : {}),
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
        joins: explore.joins ?? meta.joins,
        additionalDimensions: explore.additionalDimensions,
        ...(explore.sqlFilter ? { sqlFilter: explore.sqlFilter } : {}),
        ...(explore.requiredFilters ? { requiredFilters: explore.requiredFilters } : {}),
        ...(explore.defaultFilters ? { defaultFilters: explore.defaultFilters } : {}),
      });
    }
  }
  return definitions;
}
