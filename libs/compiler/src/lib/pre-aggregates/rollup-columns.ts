import { type AdditionalMetric, type Explore, fieldId, getFieldId, type Metric, type PreAggregateDefinition } from '@quarry/domain';
import { metricParts, type PartKind } from '@quarry/semantic';

import type { RollupColumn } from './pre-aggregate-types';

/** A stored part: its column, and the custom metric that computes it when the explore has no metric of that kind. */
export interface StoredPart {
  column: RollupColumn & { kind: PartKind };
  additionalMetric?: AdditionalMetric;
}

/** The column of the time dimension at the stored grain: its interval child (`orders_order_date_day`). */
export function timeColumnName(definition: PreAggregateDefinition): string | undefined {
  return definition.timeDimension && definition.granularity ? `${definition.timeDimension}_${definition.granularity}` : undefined;
}

/**
 * Every column a rollup stores, in order: its dimensions, the time dimension at the grain, then
 * the parts of its metrics, each once. A sum / count / min / max metric is its own part (its
 * column is the metric's id); an average is stored as a sum and a count of its sql, with its
 * filters, computed by custom metrics named `<metric>__sum` / `<metric>__count`.
 */
export function rollupColumns(explore: Explore, definition: PreAggregateDefinition): { dimensions: RollupColumn[]; parts: StoredPart[] } {
  const dimensions: RollupColumn[] = definition.dimensions.map((id) => ({ name: id, kind: 'dimension', fieldId: id }));
  const time = timeColumnName(definition);
  if (time && definition.timeDimension) dimensions.push({ name: time, kind: 'time', fieldId: definition.timeDimension });
  const parts = new Map<string, StoredPart>();
  for (const id of definition.metrics) {
    const metric = metricById(explore, id);
    if (!metric) throw new Error(`Pre-aggregate "${definition.name}" stores "${id}", which is not a metric of explore "${explore.name}"`);
    for (const part of metricParts(metric, explore)) {
      const stored = storedPart(part.metric, part.kind);
      parts.set(stored.column.name, stored);
    }
  }
  return { dimensions, parts: [...parts.values()] };
}

function storedPart(metric: Metric, kind: PartKind): StoredPart {
  const id = getFieldId(metric);
  if (metric.type === kind) return { column: { name: id, kind, fieldId: id } };
  const name = `${metric.name}__${kind}`;
  return {
    column: { name: fieldId(metric.table, name), kind, fieldId: id },
    additionalMetric: {
      name,
      table: metric.table,
      type: kind,
      sql: metric.sql,
      label: `${metric.label} (${kind})`,
      filters: metric.filters.map((rule) => ({
        id: rule.id,
        target: rule.target,
        operator: rule.operator,
        ...(rule.values ? { values: rule.values } : {}),
        ...(rule.settings ? { settings: rule.settings } : {}),
      })),
    },
  };
}

/** The stored column of one part of a metric, by the same naming as `rollupColumns`. */
export function partColumnName(metric: Metric, kind: PartKind): string {
  return storedPart(metric, kind).column.name;
}

export function metricById(explore: Explore, id: string): Metric | undefined {
  for (const table of Object.values(explore.tables)) {
    for (const metric of Object.values(table.metrics)) if (getFieldId(metric) === id) return metric;
  }
  return undefined;
}
