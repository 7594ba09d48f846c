import type { PeriodOverPeriod } from '@quarry/domain';

import type { QueryDimension, QueryMetric } from '../fields/query-field';
import { type DistinctMetricContext, distinctMetricCte } from './distinct-metrics';
import type { FanOutCtes } from './fan-out-ctes';
import { joinMetricCtes, type MetricCte } from './join-metric-ctes';
import { popCtes, type PopMetric } from './period-over-period';

export interface MetricsStageInput {
  /** The base aggregate (group columns and the metrics not computed apart); null when it has no column. */
  baseQuery: string | null;
  distinctMetrics: readonly QueryMetric[];
  fanOut: readonly FanOutCtes[];
  distinctContext: DistinctMetricContext;
  pop: { request: PeriodOverPeriod; timeDimension: QueryDimension; metrics: readonly PopMetric[]; whereParts: readonly string[] } | null;
}

/**
 * The CTEs up to `metrics`, the stage every later one reads: the base aggregate itself, or — for
 * period over period — `base_metrics` joined to the previous period, or — when some metrics are
 * computed apart (distinct metrics, fan-out protection) — the base joined to their CTEs.
 */
export function metricsStage(input: MetricsStageInput): string[] {
  const { baseQuery, distinctContext } = input;
  const { dialect, groupColumns, fromSql } = distinctContext;
  const q = (name: string): string => dialect.quoteColumn(name);
  if (input.pop) {
    const stages = popCtes({
      dialect,
      pop: input.pop.request,
      timeDimension: input.pop.timeDimension,
      metrics: input.pop.metrics,
      groupColumns,
      fromSql,
      whereParts: input.pop.whereParts,
    });
    return [`base_metrics AS (\n${baseQuery ?? ''}\n)`, ...stages.ctes, `metrics AS (\n${stages.metricsSql}\n)`];
  }
  if (input.distinctMetrics.length === 0 && input.fanOut.length === 0) return [`metrics AS (\n${baseQuery ?? ''}\n)`];
  const ctes: string[] = [];
  // The rest of the aggregate: `cte_unaffected` beside fan-out CTEs, `dd_base` beside distinct ones only.
  const baseName = baseQuery === null ? null : input.fanOut.length > 0 ? 'cte_unaffected' : 'dd_base';
  if (baseName !== null) ctes.push(`${baseName} AS (\n${baseQuery}\n)`);
  const parts: MetricCte[] = [];
  for (const metric of input.distinctMetrics) {
    const cte = distinctMetricCte(metric, distinctContext);
    ctes.push(`${q(cte.name)} AS (\n${cte.sql}\n)`);
    parts.push({ name: cte.name, metricIds: [metric.id] });
  }
  for (const part of input.fanOut) {
    part.ctes.forEach((cte) => ctes.push(`${q(cte.name)} AS (\n${cte.sql}\n)`));
    parts.push({ name: part.metricsCte, metricIds: part.metrics.map((metric) => metric.id) });
  }
  ctes.push(`metrics AS (\n${joinMetricCtes(baseName, parts, groupColumns, dialect)}\n)`);
  return ctes;
}
