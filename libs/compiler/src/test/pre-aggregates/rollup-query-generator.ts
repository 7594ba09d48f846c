import type { Explore, PreAggregateDefinition } from '@quarry/domain';
import type { SeededRandom } from '@quarry/testing';

import { definitionFilterRules } from '../../lib/pre-aggregates/rollup-plan';
import { RollupView } from '../../lib/pre-aggregates/rollup-view';
import { type GeneratedCase, RandomQueryGenerator } from '../differential/random-query';
import type { ValuePools } from '../differential/value-pools';

/**
 * Random queries aimed at one rollup: the differential generator drawing from the fields the
 * rollup gives, plus every interval of its time dimension (finer ones miss) and one dimension and
 * one metric of the base table it does not store — so most queries match and some almost do.
 * Custom metrics, SQL dimensions, period over period, date zoom and other time zones come
 * less often than in the engine differential, and make near misses too.
 */
export function rollupQueryGenerator(
  explore: Explore,
  definition: PreAggregateDefinition,
  random: SeededRandom,
  pools: ValuePools,
): { definition: PreAggregateDefinition; next(): GeneratedCase } {
  const view = new RollupView(explore, { definition, relationSql: '' });
  let extraDimension = false;
  let extraMetric = false;
  const tables = Object.fromEntries(
    Object.entries(explore.tables).map(([name, table]) => {
      const dimensions = Object.entries(table.dimensions).filter(([, dimension]) => {
        if ('sql' in view.dimension(dimension) || view.inTimeFamily(dimension)) return true;
        if (extraDimension || name !== explore.baseTable || dimension.hidden || dimension.timeIntervalBaseDimensionName) return false;
        extraDimension = true;
        return true;
      });
      const metrics = Object.entries(table.metrics).filter(([, metric]) => {
        if ('sql' in view.metric(metric)) return true;
        if (extraMetric || name !== explore.baseTable || metric.hidden) return false;
        extraMetric = true;
        return true;
      });
      return [name, { ...table, dimensions: Object.fromEntries(dimensions), metrics: Object.fromEntries(metrics) }];
    }),
  );
  const generator = new RandomQueryGenerator(random, [{ ...explore, tables }], pools, {
    explores: [explore.name],
    zones: [undefined, 'UTC', 'UTC', 'Etc/UTC', 'Asia/Tokyo'],
    customMetricChance: 0.08,
    customDimensionChance: 0.15,
    periodOverPeriodChance: 0.08,
    dateZoomChance: 0.15,
  });
  const own = definitionFilterRules(definition);
  return {
    definition,
    next: () => {
      const generated = generator.next();
      // A filtered rollup serves only queries that filter the same way: most queries here do.
      if (own.length === 0 || !random.chance(0.8)) return generated;
      const rules = own.map((rule) =>
        rule.operator === 'equals' && (rule.values ?? []).length > 1 && random.chance(0.3)
          ? { ...rule, values: [random.pick(rule.values ?? [])] }
          : rule,
      );
      const existing = generated.query.filters.dimensions;
      return {
        ...generated,
        query: {
          ...generated.query,
          filters: { ...generated.query.filters, dimensions: { id: 'pre_aggregate', and: [...rules, ...(existing ? [existing] : [])] } },
        },
      };
    },
  };
}
