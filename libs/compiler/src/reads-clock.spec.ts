import { dialectFor } from '@quarry/dialects';
import { type Explore, getFieldId, type MetricQuery } from '@quarry/domain';
import { SeededRandom } from '@quarry/testing';

import { compile, matchPreAggregate, readsClock } from './index';
import { RandomQueryGenerator } from './test/differential/random-query';
import type { ValuePools } from './test/differential/value-pools';
import { jaffleExplore, jaffleExplores } from './test/jaffle-explores';
import { jafflePreAggregateExplore, ROLLUPS_BUILT_AT } from './test/pre-aggregates/jaffle-pre-aggregates';

const SEED = 20261127;
const CASES = 400;
/** Two moments far enough apart that every relative window (hours to years) moves between them. */
const EARLIER = new Date('2018-02-14T12:00:00Z');
const LATER = new Date('2019-09-03T05:17:00Z');

/** Filter values by type, without a database: a compile never reads them, it only binds them. */
function staticPools(explores: readonly Explore[]): ValuePools {
  const byType: Record<string, readonly unknown[]> = {
    string: ['completed', 'placed'],
    number: [1, 5, 30],
    date: ['2018-01-05', '2018-03-01'],
    timestamp: ['2018-01-05 10:00:00'],
  };
  const types = new Map<string, string>();
  for (const explore of explores)
    for (const table of Object.values(explore.tables))
      for (const dimension of Object.values(table.dimensions)) types.set(getFieldId(dimension), dimension.type);
  return { values: (fieldId) => byType[types.get(fieldId) ?? ''] ?? [] };
}

function compiledAt(explore: Explore, query: MetricQuery, now: Date, context: object): string {
  const compiled = compile(explore, query, dialectFor('postgres'), { ...context, now });
  return JSON.stringify([compiled.sql, compiled.params]);
}

const plain = (change: Partial<MetricQuery> = {}): MetricQuery => ({
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_order_count'],
  filters: {},
  sorts: [],
  limit: 10,
  tableCalculations: [],
  ...change,
});

describe('readsClock', () => {
  it('is false only for queries whose compile is the same at any moment (random queries, two moments)', () => {
    const explores = jaffleExplores('postgres');
    const generator = new RandomQueryGenerator(new SeededRandom(SEED), explores, staticPools(explores));
    const counts = { pure: 0, clock: 0, clockAndMoved: 0 };
    for (let index = 0; index < CASES; index += 1) {
      const { query, context } = generator.next();
      const explore = explores.find((candidate) => candidate.name === query.exploreName) as Explore;
      let earlier: string;
      try {
        earlier = compiledAt(explore, query, EARLIER, context);
      } catch {
        continue; // a query the compiler refuses has nothing to reuse
      }
      const later = compiledAt(explore, query, LATER, context);
      if (readsClock(explore, query)) {
        counts.clock += 1;
        if (earlier !== later) counts.clockAndMoved += 1;
      } else {
        counts.pure += 1;
        expect({ case: index, query, sql: later }).toEqual({ case: index, query, sql: earlier });
      }
    }
    // Both kinds were drawn, and the moment does move the SQL of queries it flags: this test can fail.
    expect(counts.pure).toBeGreaterThan(CASES / 4);
    expect(counts.clockAndMoved).toBeGreaterThan(10);
  });

  it('sees relative operators in the query, its custom metrics and the explore', () => {
    const orders = jaffleExplore('orders');
    expect(readsClock(orders, plain())).toBe(false);
    const inThePast = {
      id: 'r',
      target: { fieldId: 'orders_order_date' },
      operator: 'inThePast' as const,
      values: [3],
      settings: { unitOfTime: 'days' as const },
    };
    expect(readsClock(orders, plain({ filters: { dimensions: { id: 'f', and: [inThePast] } } }))).toBe(true);
    expect(
      readsClock(
        orders,
        plain({ filters: { dimensions: { id: 'f', or: [{ id: 'g', and: [{ ...inThePast, operator: 'inPeriodToDate' }] }] } } }),
      ),
    ).toBe(true);
    expect(
      readsClock(
        orders,
        plain({
          additionalMetrics: [
            {
              name: 'recent',
              label: 'Recent',
              table: 'orders',
              type: 'count',
              sql: '${TABLE}.order_id',
              filters: [
                {
                  id: 'm',
                  target: { fieldRef: 'order_date' },
                  operator: 'notInTheCurrent',
                  values: [],
                  settings: { unitOfTime: 'months' },
                },
              ],
            },
          ],
        }),
      ),
    ).toBe(true);
    // A pre-aggregate of the explore keeps a relative window ('inThePast 8 weeks'): matching reads the clock.
    expect(readsClock(jafflePreAggregateExplore('orders'), plain())).toBe(true);
  });

  it('flags the queries whose pre-aggregate match moves with the moment', () => {
    const explore = jafflePreAggregateExplore('orders');
    const rollups = (explore.preAggregates ?? [])
      .filter((definition) => definition.name === 'recent_orders_daily')
      .map((definition) => ({ definition, relationSql: `read_parquet('/r/${definition.name}.parquet')`, builtAt: ROLLUPS_BUILT_AT }));
    const inThePast = {
      id: 'p',
      target: { fieldId: 'orders_order_date' },
      operator: 'inThePast' as const,
      values: [4],
      settings: { unitOfTime: 'weeks' as const },
    };
    const query = plain({ filters: { dimensions: { id: 'f', and: [inThePast] } } });
    const at = (now: Date) => matchPreAggregate(explore, query, { now }, rollups);
    // Inside the window the rollup was built with at its build, past it a day later.
    expect(at(ROLLUPS_BUILT_AT)).toMatchObject({ hit: true, preAggregateName: 'recent_orders_daily' });
    expect(at(new Date(ROLLUPS_BUILT_AT.getTime() + 86_400_000)).hit).toBe(false);
    expect(readsClock(explore, query)).toBe(true);
  });
});
