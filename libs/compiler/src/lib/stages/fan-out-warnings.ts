import { type Explore, type ExploreJoin } from '@quarry/domain';

import type { QueryMetric } from '../fields/query-field';
import { FAN_OUT_SAFE_TYPES, inflatedTables } from './inflated-tables';

export interface CompileWarning {
  message: string;
  fields: string[];
  tables: string[];
}

/**
 * Joins can repeat rows of a table and inflate its sums and counts (semantics.md §5). Tables a
 * join's relationship inflates: one-to-many → the ON clause's other tables; many-to-one → the
 * joined table; many-to-many → all of them. Metrics computed apart (fan-out CTEs, distinct
 * metrics) are not passed here; those left are inflated because their table has no primary key.
 * A join without a relationship cannot be judged, so the metrics it might inflate are reported too.
 */
export function fanOutWarnings(explore: Explore, joins: readonly ExploreJoin[], metrics: readonly QueryMetric[]): CompileWarning[] {
  if (joins.length === 0) return [];
  const atRisk = metrics.filter((metric) => !FAN_OUT_SAFE_TYPES.has(metric.type));
  if (atRisk.length === 0) return [];
  const warnings: CompileWarning[] = [];
  const unknown = joins.filter((join) => join.relationship === undefined);
  if (unknown.length > 0) {
    warnings.push({
      message:
        'Some joins of this query declare no relationship: metric values may be inflated if a join repeats rows. Declare ' +
        '`relationship` on the joins to check.',
      fields: atRisk.map((metric) => metric.id),
      tables: unknown.map((join) => join.table),
    });
  }
  const inflated = inflatedTables(joins);
  const inflatedMetrics = atRisk.filter((metric) => inflated.has(metric.table));
  if (inflatedMetrics.length > 0) {
    warnings.push({
      message:
        'A join repeats rows of the tables of these metrics, so their values are inflated: ' +
        'declare a primary_key on those tables to compute them exactly.',
      fields: inflatedMetrics.map((metric) => metric.id),
      tables: [...new Set(inflatedMetrics.map((metric) => metric.table))].filter((table) => explore.tables[table] !== undefined),
    });
  }
  return warnings;
}
