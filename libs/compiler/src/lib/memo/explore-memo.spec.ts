import type { Explore, MetricQuery } from '@quarry/domain';

import { ExploreMemo } from './explore-memo';

const explore = (name: string): Explore => ({ name }) as unknown as Explore;

describe('ExploreMemo', () => {
  it('computes once per explore object and key, and freezes what it keeps', () => {
    const memo = new ExploreMemo<{ sql: string; params: string[] }>();
    const orders = explore('orders');
    let runs = 0;
    const compute = () => ({ sql: `SELECT ${(runs += 1)}`, params: ['a'] });
    const first = memo.getOrCompute(orders, 'q1', compute);
    expect(memo.getOrCompute(orders, 'q1', compute)).toBe(first);
    expect(runs).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first.params)).toBe(true);
    expect(() => first.params.push('b')).toThrow(TypeError);
    // Another key, or the same explore recompiled (a new object), computes again.
    memo.getOrCompute(orders, 'q2', compute);
    memo.getOrCompute(explore('orders'), 'q1', compute);
    expect(runs).toBe(3);
  });

  it('keeps at most its bound per explore, dropping the least recently used', () => {
    const memo = new ExploreMemo<string>(2);
    const orders = explore('orders');
    const seen: string[] = [];
    const get = (key: string) => memo.getOrCompute(orders, key, () => (seen.push(key), key));
    get('a');
    get('b');
    get('a'); // a is now the most recent
    get('c'); // drops b
    get('a');
    get('b');
    expect(seen).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps nothing when the computation fails', () => {
    const memo = new ExploreMemo<string>();
    const orders = explore('orders');
    expect(() =>
      memo.getOrCompute(orders, 'bad', () => {
        throw new Error('unknown field');
      }),
    ).toThrow('unknown field');
    expect(memo.getOrCompute(orders, 'bad', () => 'fixed')).toBe('fixed');
  });

  it('reuses a query result across moments, not across other context values, and never when it reads the clock', () => {
    const memo = new ExploreMemo<number>();
    const orders = explore('orders');
    const query = {
      exploreName: 'orders',
      dimensions: ['orders_status'],
      metrics: [],
      filters: {},
      sorts: [],
      limit: 10,
      tableCalculations: [],
    } as MetricQuery;
    const relative = {
      ...query,
      filters: {
        dimensions: {
          id: 'f',
          and: [
            { id: 'r', target: { fieldId: 'orders_order_date' }, operator: 'inThePast', values: [3], settings: { unitOfTime: 'days' } },
          ],
        },
      },
    } as MetricQuery;
    let runs = 0;
    const at = (q: MetricQuery, context: object, extra: unknown = 'postgres') =>
      memo.forQuery(orders, q, { now: new Date(), ...context }, extra, () => (runs += 1));
    at(query, { user: { email: 'a@x' } });
    at(query, { user: { email: 'a@x' }, now: new Date(0) });
    expect(runs).toBe(1);
    at(query, { user: { email: 'b@x' } });
    at(query, { user: { email: 'a@x' } }, 'duckdb');
    expect(runs).toBe(3);
    at(relative, {});
    at(relative, {});
    expect(runs).toBe(5);
  });
});
