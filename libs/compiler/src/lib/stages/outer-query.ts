import type { SqlDialect } from '@quarry/dialects';
import type { Sort } from '@quarry/domain';

import type { QueryMetric } from '../fields/query-field';
import { postCalculationSql } from './post-calculation-metrics';
import type { CompiledTableCalculation } from './table-calculations';

export interface OuterQueryInput {
  dialect: SqlDialect;
  /** Every column of the `metrics` stage, in order. */
  metricsColumns: readonly string[];
  postCalculated: readonly QueryMetric[];
  sorts: readonly Sort[];
  metricWhere: string | null;
  calculationLayers: readonly CompiledTableCalculation[][];
  /** Columns of the result: filter-only metrics are computed but not returned. */
  resultColumns: readonly string[];
  calculationWhere: string | null;
  orderBy: readonly string[];
  limit: string | null;
}

/**
 * What follows the `metrics` stage (semantics.md §5): `postcalculation_metrics` → `metric_filters`
 * → `table_calculations[_n]` (one per dependency level) → the final SELECT with table-calculation
 * filters, ORDER BY and LIMIT. Each stage reads the one before it.
 */
export function outerQuery(input: OuterQueryInput): { ctes: string[]; body: string } {
  const { dialect } = input;
  const q = (name: string): string => dialect.quoteColumn(name);
  const ctes: string[] = [];
  let previous = 'metrics';
  if (input.postCalculated.length > 0) {
    // Window order: the query's sorts, minus those on the post-calculated columns being replaced.
    const windowSorts = input.sorts.filter((sort) => !input.postCalculated.some((metric) => metric.id === sort.fieldId));
    const items = input.metricsColumns.map((column) => {
      const metric = input.postCalculated.find((candidate) => candidate.id === column);
      return metric ? `${postCalculationSql(metric, windowSorts, dialect)} AS ${q(column)}` : q(column);
    });
    ctes.push(`postcalculation_metrics AS (\nSELECT\n  ${items.join(',\n  ')}\nFROM ${previous}\n)`);
    previous = 'postcalculation_metrics';
  }
  if (input.metricWhere !== null) {
    ctes.push(`metric_filters AS (\nSELECT\n  *\nFROM ${previous}\nWHERE ${input.metricWhere}\n)`);
    previous = 'metric_filters';
  }
  input.calculationLayers.forEach((layer, level) => {
    const name = level === 0 ? 'table_calculations' : `table_calculations_${level + 1}`;
    ctes.push(
      `${name} AS (\nSELECT\n  *,\n  ${layer
        .map((calculation) => `${calculation.sql} AS ${q(calculation.name)}`)
        .join(',\n  ')}\nFROM ${previous}\n)`,
    );
    previous = name;
  });
  const body = [
    `SELECT\n  ${input.resultColumns.map(q).join(',\n  ')}`,
    `FROM ${previous}`,
    ...(input.calculationWhere !== null ? [`WHERE ${input.calculationWhere}`] : []),
    ...(input.orderBy.length > 0 ? [`ORDER BY ${input.orderBy.join(', ')}`] : []),
    ...(input.limit === null ? [] : [input.limit]),
  ].join('\n');
  return { ctes, body };
}
