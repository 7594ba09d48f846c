import { compile, matchPreAggregate, rollupPlan } from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import { type AnyExplore, type Explore, isExploreError, type MetricQuery, type WarehouseType } from '@quarry/domain';
import { compileExplores, loadTransformProject, readYamlProjectFromDirectory } from '@quarry/semantic';

import { demoProjectDirectory } from './demo-project-directory';

function demoExplores(warehouseType: WarehouseType): AnyExplore[] {
  return compileExplores(loadTransformProject({ kind: 'yaml', files: readYamlProjectFromDirectory(demoProjectDirectory()) }), {
    warehouseType,
    catalog: {},
  });
}

function explore(explores: readonly AnyExplore[], name: string): Explore {
  const found = explores.find((candidate) => candidate.name === name);
  if (!found || isExploreError(found)) throw new Error(`Explore ${name}: ${JSON.stringify(found)}`);
  return found;
}

const query = (change: Partial<MetricQuery> & Pick<MetricQuery, 'exploreName'>): MetricQuery => ({
  dimensions: [],
  metrics: [],
  filters: {},
  sorts: [],
  limit: 500,
  tableCalculations: [],
  ...change,
});

describe.each<WarehouseType>(['duckdb', 'postgres'])('the demo project’s pre-aggregates on %s', (warehouseType) => {
  const explores = demoExplores(warehouseType);

  it('compile with every explore', () => {
    expect(explores.filter(isExploreError)).toEqual([]);
    expect(explore(explores, 'orders').preAggregates?.map((definition) => definition.name)).toEqual([
      'orders_daily_by_status',
      'revenue_by_country_monthly',
    ]);
    expect(explore(explores, 'events').preAggregates?.map((definition) => definition.name)).toEqual([
      'events_daily_by_type',
      'events_hourly_by_type',
    ]);
    expect(explore(explores, 'fulfilled_orders').preAggregates).toBeUndefined();
  });

  it('each have a rollup query the warehouse compiles', () => {
    for (const name of ['orders', 'events']) {
      const target = explore(explores, name);
      for (const definition of target.preAggregates ?? []) {
        const plan = rollupPlan(target, definition);
        const compiled = compile(target, plan.query, dialectFor(warehouseType), {}, { withoutLimit: true });
        expect(Object.keys(compiled.fields)).toEqual(plan.columns.map((column) => column.name));
      }
    }
  });

  it('answer dashboard-style queries', () => {
    const built = (target: Explore) =>
      (target.preAggregates ?? []).map((definition) => ({ definition, relationSql: `read_parquet('${definition.name}.parquet')` }));
    const events = explore(explores, 'events');
    const traffic = query({
      exploreName: 'events',
      dimensions: ['events_occurred_at_week', 'events_event_type'],
      metrics: ['events_event_count'],
      filters: {
        dimensions: {
          id: 'f',
          and: [
            {
              id: 'last',
              target: { fieldId: 'events_occurred_at' },
              operator: 'inThePast',
              values: [8],
              settings: { unitOfTime: 'weeks', completed: true },
            },
          ],
        },
      },
      sorts: [{ fieldId: 'events_occurred_at_week', descending: false }],
    });
    expect(matchPreAggregate(events, traffic, {}, built(events))).toMatchObject({ hit: true, preAggregateName: 'events_daily_by_type' });
    const hourly = query({ exploreName: 'events', dimensions: ['events_occurred_at_hour_of_day_num'], metrics: ['events_event_count'] });
    expect(matchPreAggregate(events, hourly, {}, built(events))).toMatchObject({ hit: true, preAggregateName: 'events_hourly_by_type' });
    const orders = explore(explores, 'orders');
    const revenue = query({
      exploreName: 'orders',
      dimensions: ['orders_ordered_at_month', 'customers_country'],
      metrics: ['orders_completed_revenue', 'orders_average_order_value'],
    });
    expect(matchPreAggregate(orders, revenue, {}, built(orders))).toMatchObject({
      hit: true,
      preAggregateName: 'revenue_by_country_monthly',
    });
    const sessions = query({ exploreName: 'events', dimensions: ['events_event_type'], metrics: ['events_session_count'] });
    expect(matchPreAggregate(events, sessions, {}, built(events))).toMatchObject({
      hit: false,
      reason: expect.stringContaining('events_session_count'),
    });
  });
});
