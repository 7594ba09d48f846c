import type { WarehouseType } from '@quarry/domain';

import { compileTestModels, exploreErrors, exploreNamed, type TestModel } from '../../test/test-manifest';

const NOW = new Date('2024-03-14T12:00:00Z');

function metricsOf(models: TestModel[], warehouseType: WarehouseType = 'postgres') {
  return exploreNamed(compileTestModels(models, { warehouseType, now: NOW }), 'orders').tables['orders']!.metrics;
}

const amountMetrics = (metrics: Record<string, unknown>, extra: TestModel['columns'] = {}): TestModel[] => [
  {
    name: 'orders',
    columns: {
      amount: { type: 'number', meta: { metrics } },
      status: { type: 'string' },
      is_completed: { type: 'boolean' },
      ordered_at: { type: 'date' },
      ...extra,
    },
  },
];

describe('metrics', () => {
  it.each([
    ['sum', {}, 'SUM("orders".amount)'],
    ['count', {}, 'COUNT("orders".amount)'],
    ['count_distinct', {}, 'COUNT(DISTINCT "orders".amount)'],
    ['min', {}, 'MIN("orders".amount)'],
    ['max', {}, 'MAX("orders".amount)'],
    ['average', {}, 'AVG("orders".amount::DOUBLE PRECISION)'],
    ['median', {}, 'PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY "orders".amount)'],
    ['percentile', { percentile: 90 }, 'PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY "orders".amount)'],
    ['percentile', {}, 'PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY "orders".amount)'],
    ['sum_distinct', { distinct_keys: ['status'] }, 'SUM("orders".amount)'],
    ['average_distinct', { distinct_keys: ['status'] }, 'AVG("orders".amount::DOUBLE PRECISION)'],
  ])('compile %s column metrics on the dimension sql', (type, extra, sql) => {
    expect(metricsOf(amountMetrics({ m: { type, ...extra } }))['m']!.compiledSql).toBe(sql);
  });

  it('follow the warehouse for percentiles', () => {
    expect(metricsOf(amountMetrics({ m: { type: 'percentile', percentile: 25 } }), 'bigquery')['m']!.compiledSql).toBe(
      'APPROX_QUANTILES(`orders`.amount, 100)[OFFSET(25)]',
    );
    expect(metricsOf(amountMetrics({ m: { type: 'median' } }), 'clickhouse')['m']!.compiledSql).toBe('median("orders".amount)');
  });

  it('describe column metrics by default and reference their dimension', () => {
    expect(metricsOf(amountMetrics({ total_amount: { type: 'count_distinct' } }))['total_amount']).toMatchObject({
      fieldType: 'metric',
      name: 'total_amount',
      label: 'Total amount',
      description: 'Count distinct of Amount',
      sql: '${TABLE}.amount',
      dimensionReference: 'orders_amount',
      table: 'orders',
      tableLabel: 'Orders',
      hidden: false,
      filters: [],
      tablesReferences: ['orders'],
      spotlight: { visibility: 'show', categories: [] },
    });
  });

  it('keep presentation settings', () => {
    const meta = {
      type: 'sum',
      label: 'Revenue',
      description: 'All of it',
      hidden: true,
      round: 2,
      compact: 'millions',
      format: 'usd',
      groups: ['Money'],
      show_underlying_values: ['status'],
      tags: ['kpi'],
    };
    expect(metricsOf(amountMetrics({ revenue: meta }))['revenue']).toMatchObject({
      label: 'Revenue',
      description: 'All of it',
      hidden: true,
      round: 2,
      compact: 'millions',
      format: 'usd',
      groups: ['Money'],
      showUnderlyingValues: ['status'],
      tags: ['kpi'],
    });
  });

  it('apply filters inside the aggregate', () => {
    const metrics = metricsOf(
      amountMetrics({
        done: { type: 'sum', filters: [{ is_completed: 'true' }] },
        two: { type: 'count', filters: [{ status: ['a', "b'c"] }, { amount: '> 10' }] },
      }),
    );
    expect(metrics['done']!.compiledSql).toBe('SUM(CASE WHEN (("orders".is_completed) = true) THEN ("orders".amount) ELSE NULL END)');
    expect(metrics['done']!.filters).toEqual([
      { id: 'orders_done_filter_0', target: { fieldRef: 'is_completed' }, operator: 'equals', values: ['true'] },
    ]);
    expect(metrics['two']!.compiledSql).toBe(
      `COUNT(CASE WHEN (("orders".status) IN ('a','b''c')) AND (("orders".amount) > (10)) THEN ("orders".amount) ELSE NULL END)`,
    );
  });

  it('render relative-date filters from the compile time', () => {
    expect(
      metricsOf(amountMetrics({ recent: { type: 'sum', filters: [{ ordered_at: 'inThePast 7 days' }] } }))['recent']!.compiledSql,
    ).toBe(
      `SUM(CASE WHEN ((("orders".ordered_at) >= ('2024-03-07') AND ("orders".ordered_at) <= ('2024-03-14'))) THEN ("orders".amount) ELSE NULL END)`,
    );
  });

  it('compare strings upper-cased when the explore is not case sensitive', () => {
    const models = amountMetrics({ done: { type: 'sum', filters: [{ status: '%done%' }] } });
    models[0]!.meta = { case_sensitive: false };
    expect(metricsOf(models)['done']!.compiledSql).toBe(
      `SUM(CASE WHEN (UPPER("orders".status) LIKE UPPER('%done%')) THEN ("orders".amount) ELSE NULL END)`,
    );
  });

  it('inline referenced metrics into non-aggregate metrics', () => {
    const metrics = metricsOf(
      amountMetrics({
        total: { type: 'sum' },
        done: { type: 'sum', filters: [{ is_completed: true }] },
        open: { type: 'number', sql: '${total} - ${done}' },
        share: { type: 'number', sql: '${open} / NULLIF(${orders.total}, 0)' },
      }),
    );
    expect(metrics['open']!.compiledSql).toBe(
      '(SUM("orders".amount)) - (SUM(CASE WHEN (("orders".is_completed) = true) THEN ("orders".amount) ELSE NULL END))',
    );
    expect(metrics['share']!.compiledSql).toBe(
      `((SUM("orders".amount)) - (SUM(CASE WHEN (("orders".is_completed) = true) THEN ("orders".amount) ELSE NULL END))) / NULLIF((SUM("orders".amount)), 0)`,
    );
  });

  it('let non-aggregate metrics that aggregate themselves read dimensions', () => {
    expect(metricsOf(amountMetrics({ spread: { type: 'number', sql: 'MAX(${amount}) - MIN(${amount})' } }))['spread']!.compiledSql).toBe(
      'MAX(("orders".amount)) - MIN(("orders".amount))',
    );
  });

  it('compile post-calculation metrics over metrics', () => {
    expect(
      metricsOf(amountMetrics({ total: { type: 'sum' }, share: { type: 'percent_of_total', sql: '${total}' } }))['share']!.compiledSql,
    ).toBe('(SUM("orders".amount))');
  });

  it('come from the model too, column metrics winning on a shared name, and never shadow a dimension', () => {
    const models = amountMetrics({ total: { type: 'sum' } });
    models[0]!.meta = {
      metrics: {
        total: { type: 'max', sql: '${TABLE}.x' },
        rows: { type: 'count', sql: '${TABLE}.id' },
        status: { type: 'count', sql: '1' },
      },
    };
    const metrics = metricsOf(models);
    expect(Object.keys(metrics).sort()).toEqual(['rows', 'total']);
    expect(metrics['total']!.compiledSql).toBe('SUM("orders".amount)');
    expect(metrics['rows']).toMatchObject({ compiledSql: 'COUNT("orders".id)', sql: '${TABLE}.id' });
    expect(metrics['rows']!.description).toBeUndefined();
  });

  it('compile distinct keys and take the default time dimension from the model', () => {
    const models = amountMetrics({
      d: { type: 'sum_distinct', distinct_keys: ['status'] },
      own: { type: 'sum', default_time_dimension: { field: 'ordered_at', interval: 'week' } },
    });
    models[0]!.meta = {
      default_time_dimension: { field: 'ordered_at', interval: 'MONTH' },
      spotlight: { visibility: 'hide', categories: ['core'] },
    };
    const metrics = metricsOf(models);
    expect(metrics['d']).toMatchObject({
      distinctKeys: ['"orders".status'],
      defaultTimeDimension: { field: 'ordered_at', interval: 'MONTH' },
      spotlight: { visibility: 'hide', categories: ['core'] },
    });
    expect(metrics['own']!.defaultTimeDimension).toEqual({ field: 'ordered_at', interval: 'WEEK' });
  });

  it.each([
    [{ m: { type: 'sum', sql: '${total}' }, total: { type: 'count' } }, 'is a metric; sum metrics can only reference dimensions'],
    [{ m: { type: 'number', sql: '${status}' } }, '${status} in metric "orders.m" does not name a metric of "orders"'],
    [
      { m: { type: 'number', sql: '1', filters: [{ status: 'x' }] } },
      'metric "orders.m" is a number metric; filters only apply to aggregate metrics',
    ],
    [{ m: { type: 'sum_distinct' } }, 'metric "orders.m" is sum_distinct and needs distinct_keys'],
    [{ m: { type: 'sum', filters: [{ nope: 'x' }] } }, '"nope" is not a dimension of "orders"'],
    [{ m: { type: 'sum', filters: [{ amount: 'abc' }] } }, 'Filter value "abc" is not a number'],
    [{ m: { type: 'unknown' } }, '"type" must be one of the metric types'],
    [
      { m: { type: 'sum', default_time_dimension: { field: 'status', interval: 'DAY' } } },
      'default_time_dimension "status" is not a date or timestamp dimension',
    ],
    [{ a: { type: 'number', sql: '${b}' }, b: { type: 'number', sql: '${a}' } }, 'circular reference'],
  ])('report problems: %j', (metrics, message) => {
    expect(exploreErrors(compileTestModels(amountMetrics(metrics), { now: NOW }), 'orders').join('\n')).toContain(message);
  });
});
