import type { Explore } from '@quarry/domain';

import type { AvailableRollup } from './pre-aggregate-types';
import { rollupExplore } from './rollup-explore';
import { RollupView } from './rollup-view';

/** A rollup's view and DuckDB explore: they depend on the explore and the rollup only, not on the query. */
export interface PreparedRollup {
  view: RollupView;
  explore: Explore;
}

/**
 * Prepared per explore object (explores are built once per project compile and then shared), per
 * rollup definition and relation: a query is then matched without rebuilding the rollup's fields.
 */
const prepared = new WeakMap<Explore, Map<string, PreparedRollup>>();

export function preparedRollup(explore: Explore, rollup: AvailableRollup): PreparedRollup {
  const byRollup = prepared.get(explore) ?? new Map<string, PreparedRollup>();
  prepared.set(explore, byRollup);
  const key = JSON.stringify([rollup.definition, rollup.relationSql]);
  const cached = byRollup.get(key);
  if (cached) return cached;
  const view = new RollupView(explore, rollup);
  const made = { view, explore: rollupExplore(view) };
  // Bounded: rebuilt rollups get new relations, and an explore object lives as long as its project version.
  if (byRollup.size >= 64) byRollup.clear();
  byRollup.set(key, made);
  return made;
}
