import type { BinCustomDimension, MetricQuery } from '@quarry/domain';

import type { ItemsMap } from '../compile-types';
import type { CompiledTableCalculation } from '../stages/table-calculations';
import type { QueryDimension, QueryMetric } from './query-field';

/**
 * The `fields` of a result: selected dimensions, custom dimensions, metrics (custom ones
 * included) and table calculations, keyed by column alias. `metricOverrides` only change how a
 * metric is shown, so they land here and nowhere in the SQL.
 */
export function outputFields(
  query: MetricQuery,
  dimensions: readonly QueryDimension[],
  metrics: readonly QueryMetric[],
  bins: readonly BinCustomDimension[],
  calculations: readonly CompiledTableCalculation[],
): ItemsMap {
  const fields: ItemsMap = {};
  for (const dimension of dimensions) fields[dimension.id] = dimension.item;
  for (const bin of bins) fields[bin.id] = bin;
  for (const metric of metrics) {
    const override = query.metricOverrides?.[metric.id]?.formatOptions;
    fields[metric.id] = override ? { ...metric.item, formatOptions: override } : metric.item;
  }
  for (const calculation of calculations) fields[calculation.name] = calculation.calculation;
  return fields;
}
