import { dialectFor } from '@quarry/dialects';
import type { CompileContext, Explore, FilterRule, MetricQuery } from '@quarry/domain';

import { type AvailableRollup, compile, matchPreAggregate, type PreAggregateMatch } from './index';
import { jafflePreAggregateExplore } from './test/pre-aggregates/jaffle-pre-aggregates';

const orders = jafflePreAggregateExplore('orders');
const events = jafflePreAggregateExplore('events');

function built(explore: Explore, ...names: string[]): AvailableRollup[] {
  return (explore.preAggregates ?? [])
    .filter((definition) => names.length === 0 || names.includes(definition.name))
    .map((definition) => ({ definition, relationSql: `read_parquet('/rollups/${definition.name}.parquet')` }));
}

function query(change: Partial<MetricQuery>, exploreName = 'orders'): MetricQuery {
  return { exploreName, dimensions: [], metrics: [], filters: {}, sorts: [], limit: 500, tableCalculations: [], ...change };
}

const rule = (fieldId: string, operator: FilterRule['operator'], values: unknown[]): FilterRule => ({
  id: `${fieldId}_${operator}`,
  target: { fieldId },
  operator,
  values,
});

function match(explore: Explore, q: MetricQuery, context: CompileContext = {}, rollups = built(explore)): PreAggregateMatch {
  return matchPreAggregate(explore, q, context, rollups);
}

function reason(result: PreAggregateMatch): string {
  if (result.hit) throw new Error(`expected a miss, got a hit on ${result.preAggregateName}`);
  return result.reason;
}

describe('matchPreAggregate', () => {
  it('answers a coarser grain from the smallest rollup, with the same result columns as the warehouse query', () => {
    const q = query({
      dimensions: ['orders_order_date_month', 'orders_status'],
      metrics: ['orders_total_order_amount', 'orders_average_order_size', 'orders_order_count'],
      sorts: [{ fieldId: 'orders_order_date_month', descending: false }],
      limit: 10,
    });
    const result = match(orders, q);
    if (!result.hit) throw new Error(result.reason);
    // Both rollups answer it; without row counts, the coarser grain wins.
    expect(result.preAggregateName).toBe('orders_monthly_by_customer');
    const original = compile(orders, q, dialectFor('postgres'));
    const served = compile(result.explore, result.query, dialectFor('duckdb'));
    expect(Object.keys(served.fields)).toEqual(Object.keys(original.fields));
    expect(Object.values(served.fields).map((field) => ('type' in field ? field.type : null))).toEqual(
      Object.values(original.fields).map((field) => ('type' in field ? field.type : null)),
    );
    expect(served.sql).toContain(`FROM read_parquet('/rollups/orders_monthly_by_customer.parquet') AS "orders"`);
    expect(served.sql).toContain('SUM("orders"."orders_average_order_size__sum")');
    expect(served.sql).toContain('LIMIT 10');
    expect(served.sql).not.toContain('JOIN');
    // The hit carries that compile, made with the caller's options: the query need not be compiled again.
    expect(result.compiled).toEqual(served);
    const unlimited = matchPreAggregate(orders, q, {}, built(orders), { withoutLimit: true });
    if (!unlimited.hit) throw new Error(unlimited.reason);
    expect(unlimited.compiled).toEqual(compile(unlimited.explore, unlimited.query, dialectFor('duckdb'), {}, { withoutLimit: true }));
    expect(unlimited.compiled.sql).not.toContain('LIMIT');
    // With row counts, the smaller rollup wins whatever its grain.
    const counted = built(orders).map((rollup) => ({ ...rollup, rows: rollup.definition.name === 'orders_daily_by_status' ? 80 : 95 }));
    expect(match(orders, q, {}, counted)).toMatchObject({ hit: true, preAggregateName: 'orders_daily_by_status' });
  });

  it('rolls a day up into weeks and weekdays, and keeps table calculations and metric filters', () => {
    const result = match(
      orders,
      query({
        dimensions: ['orders_order_date_week'],
        metrics: ['orders_order_count', 'orders_fulfillment_rate'],
        filters: { metrics: { id: 'm', and: [rule('orders_order_count', 'greaterThan', [1])] } },
        tableCalculations: [{ name: 'twice', displayName: 'twice', sql: '${orders.order_count} * 2' }],
      }),
    );
    expect(result).toMatchObject({ hit: true, preAggregateName: 'orders_daily_by_status' });
  });

  it.each<[string, Partial<MetricQuery>, string]>([
    [
      'a dimension no rollup stores',
      { dimensions: ['orders_amount'], metrics: ['orders_total_order_amount'] },
      'dimension orders_amount is not in pre-aggregate',
    ],
    [
      'a metric no rollup stores',
      { dimensions: ['orders_status'], metrics: ['orders_unique_order_count'] },
      'metric orders_unique_order_count cannot be rebuilt from stored parts',
    ],
    [
      'a number metric that divides',
      { dimensions: ['orders_status'], metrics: ['orders_amount_per_order'] },
      'metric orders_amount_per_order divides in SQL',
    ],
    [
      'a filter on a dimension no rollup stores',
      {
        dimensions: ['orders_status'],
        metrics: ['orders_total_order_amount'],
        filters: { dimensions: { id: 'f', and: [rule('orders_amount', 'greaterThan', [10])] } },
      },
      'filter on orders_amount: dimension orders_amount is not in pre-aggregate',
    ],
    [
      'a custom SQL dimension',
      {
        dimensions: ['sql_status'],
        metrics: ['orders_total_order_amount'],
        customDimensions: [
          { id: 'sql_status', name: 'sql_status', table: 'orders', type: 'sql', sql: 'UPPER(${orders.status})', dimensionType: 'string' },
        ],
      },
      'custom SQL dimension sql_status',
    ],
    [
      'a custom metric',
      {
        dimensions: ['orders_status'],
        metrics: ['orders_custom'],
        additionalMetrics: [{ name: 'custom', table: 'orders', type: 'sum', sql: '${TABLE}.amount' }],
      },
      'custom metric orders_custom',
    ],
    [
      'a table calculation that divides',
      {
        dimensions: ['orders_status'],
        metrics: ['orders_order_count'],
        tableCalculations: [{ name: 'half', displayName: 'half', sql: '${orders.order_count} / 2' }],
      },
      'table calculation half divides in SQL',
    ],
    [
      'period over period',
      {
        dimensions: ['orders_order_date_month'],
        metrics: ['orders_total_order_amount'],
        periodOverPeriod: {
          type: 'previousPeriod',
          field: { table: 'orders', name: 'order_date_month' },
          granularity: 'MONTH',
          periodOffset: 1,
        },
      },
      'period-over-period',
    ],
  ])('misses %s, saying why', (_case, change, expected) => {
    expect(reason(match(orders, query(change)))).toContain(expected);
  });

  it('bins a stored number by width, but not into a fixed number of bins when the rollup is filtered', () => {
    const definition = {
      name: 'by_customer',
      modelName: 'orders',
      dimensions: ['orders_customer_id'],
      metrics: ['orders_order_count'],
      filters: [{ id: 'c', target: { fieldRef: 'orders.status' }, operator: 'equals' as const, values: ['completed'] }],
    };
    const explore: Explore = { ...orders, preAggregates: [definition] };
    const rollups = [{ definition, relationSql: '"by_customer"' }];
    const bins = (binType: 'fixed_width' | 'fixed_number') =>
      query({
        dimensions: ['bins'],
        metrics: ['orders_order_count'],
        filters: { dimensions: { id: 'f', and: [rule('orders_status', 'equals', ['completed'])] } },
        customDimensions: [
          {
            id: 'bins',
            name: 'bins',
            table: 'orders',
            type: 'bin',
            dimensionId: 'orders_customer_id',
            binType,
            binWidth: 10,
            binNumber: 3,
          },
        ],
      });
    expect(match(explore, bins('fixed_width'), {}, rollups)).toMatchObject({ hit: true });
    expect(reason(match(explore, bins('fixed_number'), {}, rollups))).toBe(
      'bin bins spans every value of orders_customer_id in its table, which a filtered or joined rollup does not hold',
    );
  });

  it('rolls days up into weeks starting on the project’s week day, and misses a week it cannot recognise', () => {
    const withWeek = (sql: string): Explore => {
      const table = orders.tables['orders']!;
      return {
        ...orders,
        tables: {
          ...orders.tables,
          orders: { ...table, dimensions: { ...table.dimensions, order_date_week: { ...table.dimensions['order_date_week']!, sql } } },
        },
      };
    };
    const base = orders.tables['orders']!.dimensions['order_date']!;
    const sundays = withWeek(dialectFor('postgres').timeFrameSql('WEEK', base.sql, { baseType: 'date', startOfWeek: 6 }));
    const q = query({ dimensions: ['orders_order_date_week'], metrics: ['orders_order_count'] });
    const daily = (explore: Explore) => built(explore, 'orders_daily_by_status');
    const hit = match(sundays, q, {}, daily(sundays));
    if (!hit.hit) throw new Error(hit.reason);
    const stored = '"orders"."orders_order_date_day"';
    expect(compile(hit.explore, hit.query, dialectFor('duckdb')).sql).toContain(
      dialectFor('duckdb').timeFrameSql('WEEK', stored, { baseType: 'date', startOfWeek: 6 }),
    );
    const odd = withWeek("DATE_TRUNC('WEEK', ${TABLE}.order_date + 1)");
    expect(reason(match(odd, q, {}, daily(odd)))).toBe('orders_order_date_week: its week start is not one the rollup can reproduce');
  });

  it('misses a grain finer than the rollup, and one a week cannot give', () => {
    expect(
      reason(
        match(
          orders,
          query({ dimensions: ['orders_order_date_day'], metrics: ['orders_total_order_amount'] }),
          {},
          built(orders, 'orders_monthly_by_customer'),
        ),
      ),
    ).toBe("orders_order_date_day: time grain day is finer than the rollup's month");
    expect(
      reason(
        match(
          orders,
          query({ dimensions: ['orders_order_date_month'], metrics: ['orders_total_order_amount'] }),
          {},
          built(orders, 'completed_orders_weekly'),
        ),
      ),
    ).toBe("orders_order_date_month: time grain month cannot be computed from the rollup's week buckets");
  });

  it('answers from a filtered rollup only when the query implies its filter', () => {
    const weekly = built(orders, 'completed_orders_weekly');
    const same = rule('orders_status', 'equals', ['shipped', 'completed']);
    const hit = match(
      orders,
      query({ dimensions: ['orders_order_date_week'], metrics: ['orders_order_count'], filters: { dimensions: { id: 'f', and: [same] } } }),
      {},
      weekly,
    );
    if (!hit.hit) throw new Error(hit.reason);
    // The rollup applied it: the rewritten query does not filter again.
    expect(hit.query.filters.dimensions).toBeUndefined();
    const narrower = match(
      orders,
      query({
        dimensions: ['orders_status'],
        metrics: ['orders_order_count'],
        filters: { dimensions: { id: 'f', and: [rule('orders_status', 'equals', ['shipped'])] } },
      }),
      {},
      weekly,
    );
    expect(narrower.hit).toBe(true);
    expect(reason(match(orders, query({ dimensions: ['orders_status'], metrics: ['orders_order_count'] }), {}, weekly))).toBe(
      'pre-aggregate completed_orders_weekly\'s filter orders_status equals "completed", "shipped" is not implied by the query\'s filters',
    );
    const either = { id: 'f', or: [same, rule('orders_status', 'equals', ['placed'])] };
    expect(
      reason(
        match(
          orders,
          query({ dimensions: ['orders_status'], metrics: ['orders_order_count'], filters: { dimensions: either } }),
          {},
          weekly,
        ),
      ),
    ).toContain('is not implied');
  });

  it('answers from a rollup with a relative filter when the query’s window lies inside the one it was built with', () => {
    const recent = built(orders, 'recent_orders_daily').map((rollup) => ({ ...rollup, builtAt: new Date('2018-03-20T12:00:00Z') }));
    const past = (values: number[], settings: FilterRule['settings']): MetricQuery =>
      query({
        dimensions: ['orders_status'],
        metrics: ['orders_order_count'],
        filters: {
          dimensions: { id: 'f', and: [{ id: 'p', target: { fieldId: 'orders_order_date' }, operator: 'inThePast', values, settings }] },
        },
      });
    const at = (now: string) => ({ now: new Date(now) });
    expect(match(orders, past([4], { unitOfTime: 'weeks' }), at('2018-03-20T12:00:00Z'), recent)).toMatchObject({
      hit: true,
      preAggregateName: 'recent_orders_daily',
    });
    expect(match(orders, past([8], { unitOfTime: 'weeks' }), at('2018-03-20T12:00:00Z'), recent).hit).toBe(true);
    expect(match(orders, past([2], { unitOfTime: 'weeks', completed: true }), at('2018-03-19T09:00:00Z'), recent).hit).toBe(true);
    expect(reason(match(orders, past([9], { unitOfTime: 'weeks' }), at('2018-03-20T12:00:00Z'), recent))).toBe(
      "pre-aggregate recent_orders_daily holds orders_order_date inThePast 8 weeks as of its build (2018-01-23 to 2018-03-20); the query's filters on orders_order_date do not stay inside it",
    );
    // A day later, the query's window reaches past the build.
    expect(reason(match(orders, past([4], { unitOfTime: 'weeks' }), at('2018-03-21T12:00:00Z'), recent))).toContain(
      'do not stay inside it',
    );
    expect(
      reason(match(orders, past([4], { unitOfTime: 'weeks' }), at('2018-03-20T12:00:00Z'), built(orders, 'recent_orders_daily'))),
    ).toBe(
      "pre-aggregate recent_orders_daily's filter orders_order_date inThePast 8 weeks is relative to when the rollup was built, which is not known",
    );
  });

  it('misses timestamp buckets in another time zone, but not dates', () => {
    const hourly = query({ dimensions: ['events_timestamp_tz_day'], metrics: ['events_count'] }, 'events');
    expect(match(events, hourly, { timezone: 'UTC' }).hit).toBe(true);
    expect(reason(match(events, { ...hourly, timezone: 'Asia/Tokyo' }))).toBe(
      "timezone Asia/Tokyo shifts timestamp dimension events_timestamp_tz_day; the rollup's buckets are UTC",
    );
    expect(
      match(orders, query({ dimensions: ['orders_order_date_month'], metrics: ['orders_order_count'], timezone: 'Asia/Tokyo' })).hit,
    ).toBe(true);
  });

  it('misses raw timestamps and sub-hour grains', () => {
    const hourly = built(events, 'events_hourly');
    expect(reason(match(events, query({ dimensions: ['events_timestamp_tz_raw'], metrics: ['events_count'] }, 'events'), {}, hourly))).toBe(
      "events_timestamp_tz_raw: raw values are finer than the rollup's hour grain",
    );
    expect(
      reason(match(events, query({ dimensions: ['events_timestamp_tz_minute'], metrics: ['events_count'] }, 'events'), {}, hourly)),
    ).toBe("events_timestamp_tz_minute: time grain minute is finer than the rollup's hour");
  });

  it('answers a date zoom the grain allows, and misses one it does not', () => {
    const q = query({ dimensions: ['orders_order_date_month'], metrics: ['orders_order_count'] });
    expect(match(orders, q, { dateZoom: { granularity: 'Year' } }).hit).toBe(true);
    expect(reason(match(orders, q, { dateZoom: { granularity: 'Week' } }, built(orders, 'orders_monthly_by_customer')))).toBe(
      "date zoom: time grain week is finer than the rollup's month",
    );
  });

  it('misses a rollup that joins a table the query does not need with an inner join', () => {
    const explore: Explore = { ...orders, joinedTables: orders.joinedTables.map((join) => ({ ...join, type: 'inner' })) };
    const result = match(
      explore,
      query({ dimensions: ['orders_status'], metrics: ['orders_total_order_amount'] }),
      {},
      built(explore, 'orders_monthly_by_customer'),
    );
    expect(reason(result)).toBe(
      'pre-aggregate orders_monthly_by_customer inner joins customers, which the query does not need: its rows would differ',
    );
  });

  it('answers under a static required filter both apply, and misses when the query lifts it', () => {
    const withRequired = (operator: FilterRule['operator'], values: unknown[]): Explore => ({
      ...orders,
      tables: {
        ...orders.tables,
        orders: {
          ...orders.tables['orders']!,
          requiredFilters: [{ id: 'r', target: { fieldRef: 'is_completed' }, operator, values: values as never, required: true }],
        },
      },
    });
    const q = query({ dimensions: ['orders_status'], metrics: ['orders_order_count'] });
    expect(match(withRequired('equals', [true]), q).hit).toBe(true);
    const lifting = { ...q, filters: { dimensions: { id: 'f', and: [rule('orders_is_completed', 'equals', [false])] } } };
    expect(reason(match(withRequired('equals', [true]), lifting))).toBe(
      "the query filters orders_is_completed itself, which lifts model orders's required filter the rollup was built with",
    );
    expect(reason(match(withRequired('inThePast', [3]), q))).toBe(
      "model orders's required filter on orders_is_completed is relative to the current date, and the rollup was built at another time",
    );
  });

  it('misses when nothing is built', () => {
    expect(match(orders, query({ dimensions: ['orders_status'] }), {}, [])).toEqual({
      hit: false,
      reason: 'no pre-aggregate of explore orders is built',
    });
  });

  it('ignores a rollup whose definition is not the explore’s current one', () => {
    const [stale] = built(orders, 'orders_daily_by_status');
    const changed = { ...stale!, definition: { ...stale!.definition, metrics: ['orders_total_order_amount'] } };
    expect(match(orders, query({ dimensions: ['orders_status'], metrics: ['orders_total_order_amount'] }), {}, [changed])).toEqual({
      hit: false,
      reason: 'no pre-aggregate of explore orders is built',
    });
  });
});
