import { type Dimension, type Explore, type ExploreJoin, joinsNeeded, type Metric } from '@quarry/domain';

import { metricParts } from './re-aggregatable-metric';

/**
 * Joins can repeat rows (a one-to-many join repeats its left side, many-to-one its right side).
 * The compiler counts each row of a repeated table once per group (fan-out protection), so such
 * sums and counts are exact per stored group but do not add up across groups: a rollup whose
 * joins repeat the rows of a summed or counted table is refused. Minimums and maximums do not
 * mind repeats. A join that declares no relationship may repeat anything.
 */
export function rollupJoinProblems(explore: Explore, dimensions: readonly Dimension[], metrics: readonly Metric[]): string[] {
  const referenced = new Set<string>([explore.baseTable]);
  for (const field of [...dimensions, ...metrics]) field.tablesReferences.forEach((table) => referenced.add(table));
  const joins = joinsNeeded(explore, referenced);
  const undeclared = joins.filter((join) => join.relationship === undefined).map((join) => join.table);
  const repeated = repeatedTables(joins);
  const problems: string[] = [];
  for (const metric of metrics) {
    const additive = metricParts(metric, explore).filter((part) => part.kind === 'sum' || part.kind === 'count');
    for (const { metric: part } of additive) {
      const id = `${metric.table}_${metric.name}`;
      if (undeclared.length > 0) {
        problems.push(
          `metric "${id}" adds up rows of "${part.table}", but the join of ${undeclared.map((t) => `"${t}"`).join(', ')} declares no ` +
            `relationship, so it may repeat them: declare relationship (many-to-one, one-to-one…) on the join`,
        );
        break;
      }
      if (repeated.has(part.table)) {
        problems.push(
          `metric "${id}" adds up rows of "${part.table}", which a join of this rollup repeats: ` +
            `the stored sums would not add up across groups`,
        );
        break;
      }
    }
  }
  return problems;
}

function repeatedTables(joins: readonly ExploreJoin[]): Set<string> {
  const repeated = new Set<string>();
  for (const join of joins) {
    if (join.relationship === 'one-to-many' || join.relationship === 'many-to-many')
      join.tablesReferences.filter((table) => table !== join.table).forEach((table) => repeated.add(table));
    if (join.relationship === 'many-to-one' || join.relationship === 'many-to-many') repeated.add(join.table);
  }
  return repeated;
}
