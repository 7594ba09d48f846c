import { type CompileContext, deepFreeze, type Explore, type MetricQuery } from '@quarry/domain';

import { readsClock } from '../filters/reads-clock';

/**
 * Values computed from one explore object and a key (compiled queries, pre-aggregate matches),
 * kept as long as that explore object lives: a project's explores are cached, frozen, per compile
 * version, so a recompile starts afresh. At most `perExplore` keys each, the least recently used
 * dropped first. Values are frozen: every later request shares them.
 */
export class ExploreMemo<T> {
  private readonly byExplore = new WeakMap<Explore, Map<string, T>>();

  constructor(private readonly perExplore = 500) {}

  /**
   * `compute` (a compile or match of `query` on `explore` in `context`), reused for the same query,
   * the same context apart from `now`, and the same `extra` (options, ready builds); run every
   * time when its result may depend on the moment (readsClock).
   */
  forQuery(explore: Explore, query: MetricQuery, context: CompileContext, extra: unknown, compute: () => T): T {
    if (readsClock(explore, query)) return compute();
    const { now: _now, ...momentless } = context;
    return this.getOrCompute(explore, JSON.stringify([query, momentless, extra]), compute);
  }

  getOrCompute(explore: Explore, key: string, compute: () => T): T {
    let values = this.byExplore.get(explore);
    if (values === undefined) {
      values = new Map();
      this.byExplore.set(explore, values);
    }
    const known = values.get(key);
    if (known !== undefined) {
      // Most recently used last: Map keeps insertion order.
      values.delete(key);
      values.set(key, known);
      return known;
    }
    const value = deepFreeze(compute());
    values.set(key, value);
    if (values.size > this.perExplore) values.delete(values.keys().next().value as string);
    return value;
  }
}
