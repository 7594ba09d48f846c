import type { SqlDialect } from '@quarry/dialects';
import { isPostCalculationMetricType, type Sort } from '@quarry/domain';

import type { QueryMetric } from '../fields/query-field';
import { sortNullsFirst } from './sorts';

/**
 * Post-calculation metrics (semantics.md §3) are window functions over the aggregated rows. The
 * base query selects the value they are computed from under their own alias; this stage
 * replaces that column with the window expression over it.
 */
export function postCalculationSql(metric: QueryMetric, sorts: readonly Sort[], dialect: SqlDialect): string {
  const column = dialect.quoteColumn(metric.id);
  const orderBy = sorts
    .map((sort) => dialect.orderItemSql(dialect.quoteColumn(sort.fieldId), sort.descending === true, sortNullsFirst(sort)))
    .join(', ');
  const over = orderBy === '' ? '' : `ORDER BY ${orderBy}`;
  const previous = `LAG(${column}) OVER (${over})`;
  if (metric.type === 'percent_of_total')
    return `(${dialect.castToFloat(column)} / ${dialect.castToFloat(`NULLIF(SUM(${column}) OVER (), 0)`)})`;
  if (metric.type === 'running_total') return `SUM(${column}) OVER (${over} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;
  if (metric.type === 'percent_of_previous') return `(${dialect.castToFloat(column)} / ${dialect.castToFloat(`NULLIF(${previous}, 0)`)})`;
  return column;
}

export function isPostCalculation(metric: QueryMetric): boolean {
  return isPostCalculationMetricType(metric.type);
}
