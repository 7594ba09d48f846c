import { deepFreeze, type Explore } from '@quarry/domain';

/**
 * Values computed from one explore object and a key (compiled queries, pre-aggregate matches),
 * kept as long as that explore object lives: a project's explores are cached, frozen, per compile
 * version, so a recompile starts afresh. At most `perExplore` keys each, the least recently used
 * dropped first. Values are frozen: every later request shares them.
 */
export class ExploreMemo<T> {
  private readonly byExplore = new WeakMap<Explore, Map<string, T>>();

  constructor(private readonly perExplore = 500) {}

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
