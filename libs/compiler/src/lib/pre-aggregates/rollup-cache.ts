import type { Explore } from '@quarry/domain';

import type { AvailableRollup } from './pre-aggregate-types';
import { rollupExplore } from './rollup-explore';
import { RollupView } from './rollup-view';

/** A rollup's view and DuckDB explore: they depend on the explore and the rollup only, not on the query. */
export interface PreparedRollup {
  view: RollupView;
  explore: Explore;
}

type ByRelation = Map<string, PreparedRollup>;

/**
 * Prepared per explore object (explores are built once per project compile and then shared), per
 * rollup definition object (the explore's own, so shared too) and relation: a query is then
 * matched without rebuilding the rollup's fields. Definitions are compared by identity, so no key
 * is serialised per query; a caller passing a copy only prepares it again.
 */
const prepared = new WeakMap<Explore, WeakMap<AvailableRollup['definition'], ByRelation>>();

export function preparedRollup(explore: Explore, rollup: AvailableRollup): PreparedRollup {
  let byDefinition = prepared.get(explore);
  if (!byDefinition) prepared.set(explore, (byDefinition = new WeakMap()));
  let byRelation = byDefinition.get(rollup.definition);
  if (!byRelation) byDefinition.set(rollup.definition, (byRelation = new Map()));
  const cached = byRelation.get(rollup.relationSql);
  if (cached) return cached;
  const view = new RollupView(explore, rollup);
  const made = { view, explore: rollupExplore(view) };
  // Bounded: rebuilt rollups get new relations, and an explore object lives as long as its project version.
  if (byRelation.size >= 16) byRelation.clear();
  byRelation.set(rollup.relationSql, made);
  return made;
}
