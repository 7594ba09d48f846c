import { type Explore, type FilterOperator, isNonAggregateMetricType, type Metric } from '@quarry/domain';

import { fieldReferencesIn, parseFieldReference } from '../explores/sql-references';

/** The aggregates a rollup stores per group and adds up again: each re-aggregates exactly. */
export type PartKind = 'sum' | 'count' | 'min' | 'max';

/** One stored part of a metric (an average is two: its sum and its count). */
export interface MetricPart {
  metric: Metric;
  kind: PartKind;
}

const RELATIVE_OPERATORS: ReadonlySet<FilterOperator> = new Set([
  'inThePast',
  'notInThePast',
  'inTheNext',
  'inTheCurrent',
  'notInTheCurrent',
  'inPeriodToDate',
]);

const WHY_NOT: Partial<Record<Metric['type'], string>> = {
  count_distinct: 'distinct counts of groups do not add up to the distinct count of their union',
  sum_distinct: 'a value counted once per key in each group may repeat across groups',
  average_distinct: 'a value counted once per key in each group may repeat across groups',
  percentile: 'percentiles of groups do not combine into the percentile of their union',
  median: 'medians of groups do not combine into the median of their union',
  percent_of_previous: 'it is computed over the result rows, after aggregation',
  percent_of_total: 'it is computed over the result rows, after aggregation',
  running_total: 'it is computed over the result rows, after aggregation',
};

/** Why `metric` cannot be rebuilt from stored parts, or null when it can. */
export function notReAggregatable(metric: Metric, explore: Explore): string | null {
  try {
    metricParts(metric, explore);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The parts a metric is rebuilt from: sum / count / min / max store themselves, an average its sum
 * and its count; a number (string, date, boolean) metric is an expression over other metrics and
 * needs theirs. Throws the reason when the metric cannot be rebuilt exactly.
 */
export function metricParts(metric: Metric, explore: Explore, seen: ReadonlySet<string> = new Set()): MetricPart[] {
  const id = `${metric.table}_${metric.name}`;
  if (seen.has(id)) throw new Error(`metric "${id}" references itself`);
  if (/\$\{(?:lightdash|ld)\./.test(metric.compiledSql))
    throw new Error('its sql reads user attributes or parameters, which differ from one request to another');
  const relative = metric.filters.find((rule) => RELATIVE_OPERATORS.has(rule.operator));
  if (relative) throw new Error(`its filter on "${relative.target.fieldRef}" (${relative.operator}) moves with the current date`);
  if (metric.type === 'sum' || metric.type === 'count' || metric.type === 'min' || metric.type === 'max')
    return [{ metric, kind: metric.type }];
  if (metric.type === 'average') {
    return [
      { metric, kind: 'sum' },
      { metric, kind: 'count' },
    ];
  }
  const why = WHY_NOT[metric.type];
  if (why) throw new Error(`it is a ${metric.type} metric: ${why}`);
  if (!isNonAggregateMetricType(metric.type)) throw new Error(`metrics of type ${metric.type} are not supported`);
  const references = fieldReferencesIn(metric.sql);
  if (references.length === 0) throw new Error(`a ${metric.type} metric must be an expression over other metrics`);
  return references.flatMap((reference) => {
    if (reference === 'TABLE') throw new Error(`a ${metric.type} metric reading \${TABLE} columns is not an expression over metrics`);
    const target = parseFieldReference(reference, metric.table, `metric "${id}"`);
    const referenced = explore.tables[target.table]?.metrics[target.name];
    if (!referenced)
      throw new Error(`\${${reference}} is not a metric: a ${metric.type} metric reading dimensions cannot be rebuilt from stored parts`);
    try {
      return metricParts(referenced, explore, new Set([...seen, id]));
    } catch (error) {
      throw new Error(`it reads \${${reference}}, which cannot be stored: ${(error as Error).message}`);
    }
  });
}
