import type { Dimension, DimensionType, Explore } from '@quarry/domain';

import { splitReference } from '../references/field-references';
import type { QueryMetric } from './query-field';

/**
 * Type of a metric's values, for filters on it. Typed metrics say so; min / max keep the type of
 * the dimension they aggregate (its `dimensionReference`, or the one their sql names as
 * `${dim}` / `${TABLE}.column`); every other aggregate yields a number.
 */
export function metricValueType(metric: QueryMetric, explore: Explore): DimensionType {
  const { type } = metric;
  if (type === 'string' || type === 'date' || type === 'timestamp' || type === 'boolean') return type;
  if (type !== 'min' && type !== 'max') return 'number';
  return aggregatedDimension(metric, explore)?.type ?? 'number';
}

function aggregatedDimension(metric: QueryMetric, explore: Explore): Dimension | undefined {
  const { item } = metric;
  const table = explore.tables[item.table];
  if (item.dimensionReference) {
    return Object.values(explore.tables)
      .flatMap((candidate) => Object.values(candidate.dimensions))
      .find((dimension) => `${dimension.table}_${dimension.name}` === item.dimensionReference);
  }
  const sql = item.sql.trim();
  const column = /^\$\{TABLE\}\.([A-Za-z0-9_]+)$/.exec(sql)?.[1];
  if (column) return table?.dimensions[column];
  const reference = /^\$\{([A-Za-z0-9_.]+)\}$/.exec(sql)?.[1];
  const target = reference ? splitReference(reference, item.table) : null;
  return target ? explore.tables[target.table]?.dimensions[target.name] : undefined;
}
