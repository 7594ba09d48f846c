import type { FilterRule, ModelFilterRule, PreAggregateDefinition } from '@quarry/domain';

import type { RollupPlanner } from './pre-aggregate-types';
import { rollupColumns } from './rollup-columns';

/** Any positive count: the rollup is compiled `{ withoutLimit: true }`, which leaves the LIMIT out. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/**
 * The query that builds a rollup on the warehouse: its dimensions and time grain grouped, each
 * metric's re-aggregatable parts selected (averages as custom sum and count metrics), the
 * definition's filters as the query's. No sort and no limit: compile it with `{ withoutLimit: true }`.
 */
export const rollupPlan: RollupPlanner = (explore, definition) => {
  const { dimensions, parts } = rollupColumns(explore, definition);
  const additionalMetrics = parts.flatMap((part) => (part.additionalMetric ? [part.additionalMetric] : []));
  const filters = definitionFilterRules(definition);
  return {
    definition,
    query: {
      exploreName: explore.name,
      dimensions: dimensions.map((column) => column.name),
      metrics: parts.map((part) => part.column.name),
      filters: filters.length > 0 ? { dimensions: { id: `${definition.name}_filters`, and: filters } } : {},
      sorts: [],
      limit: UNLIMITED,
      tableCalculations: [],
      ...(additionalMetrics.length > 0 ? { additionalMetrics } : {}),
    },
    columns: [...dimensions, ...parts.map((part) => part.column)],
  };
};

/** The definition's filters as query rules (`orders.status` → field id `orders_status`). */
export function definitionFilterRules(definition: PreAggregateDefinition): FilterRule[] {
  return (definition.filters ?? []).map((rule) => ({
    id: rule.id,
    target: { fieldId: fieldIdOfReference(rule, definition) },
    operator: rule.operator,
    ...(rule.values ? { values: rule.values } : {}),
    ...(rule.settings ? { settings: rule.settings } : {}),
  }));
}

function fieldIdOfReference(rule: ModelFilterRule, definition: PreAggregateDefinition): string {
  const [table, name] = rule.target.fieldRef.includes('.') ? rule.target.fieldRef.split('.') : [definition.modelName, rule.target.fieldRef];
  return `${table}_${name}`;
}
