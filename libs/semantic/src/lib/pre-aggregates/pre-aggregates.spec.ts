import { compileTestModels, exploreErrors, exploreNamed, type TestModel } from '../../test/test-manifest';
import { compileExplores } from '../explores/compile-explores';
import { loadTransformProject } from '../project/load-transform-project';

const customers: TestModel = {
  name: 'customers',
  meta: { primary_key: 'id', metrics: { customer_total: { type: 'sum', sql: '${TABLE}.lifetime' } } },
  columns: { id: { type: 'number' }, name: { type: 'string' }, lifetime: { type: 'number' } },
};

function orders(
  preAggregates: unknown,
  { relationship = 'many-to-one', where = 'meta' }: { relationship?: string | null; where?: 'meta' | 'configMeta' } = {},
): TestModel[] {
  const join = { join: 'customers', sql_on: '${orders.customer_id} = ${customers.id}', ...(relationship ? { relationship } : {}) };
  const meta = {
    joins: [join],
    metrics: {
      net: { type: 'number', sql: '${total} - ${completed_total}' },
      share: { type: 'number', sql: '${distinct_customers} / ${total}' },
      raw_ratio: { type: 'number', sql: 'SUM(${TABLE}.amount) / 2' },
    },
    pre_aggregates: preAggregates,
  };
  return [
    {
      name: 'orders',
      ...(where === 'meta' ? { meta } : { meta: { joins: [join], metrics: meta.metrics }, configMeta: meta }),
      columns: {
        id: { type: 'number' },
        customer_id: { type: 'number', meta: { metrics: { distinct_customers: { type: 'count_distinct' } } } },
        status: { type: 'string' },
        region: { type: 'string', meta: { dimension: { sql: "CASE WHEN '${ld.attr.region}' = 'EU' THEN ${TABLE}.status END" } } },
        ordered_at: { type: 'date' },
        created: { type: 'timestamp', meta: { dimension: { time_intervals: ['DAY', 'MONTH'] } } },
        amount: {
          type: 'number',
          meta: {
            metrics: {
              total: { type: 'sum' },
              avg_amount: { type: 'average' },
              smallest: { type: 'min' },
              completed_total: { type: 'sum', filters: [{ status: 'completed' }] },
              recent_total: { type: 'sum', filters: [{ ordered_at: 'inThePast 7 days' }] },
              p90: { type: 'percentile', percentile: 90 },
            },
          },
        },
      },
    },
    customers,
  ];
}

const valid = {
  name: 'orders_daily_by_status',
  dimensions: ['status', 'customers.name'],
  metrics: ['total', 'avg_amount', 'net', 'smallest'],
  filters: [{ status: '!returned' }],
  time_dimension: 'ordered_at',
  granularity: 'day',
  refresh: { cron: '0 * * * *' },
};

describe('pre_aggregates', () => {
  it('resolve names to field ids (bare names on the base model, table.field on joined ones)', () => {
    const explore = exploreNamed(compileTestModels(orders([valid])), 'orders');
    expect(explore.preAggregates).toEqual([
      {
        name: 'orders_daily_by_status',
        modelName: 'orders',
        dimensions: ['orders_status', 'customers_name'],
        metrics: ['orders_total', 'orders_avg_amount', 'orders_net', 'orders_smallest'],
        filters: [
          {
            id: 'orders_pre_aggregate_orders_daily_by_status_filter_0',
            target: { fieldRef: 'orders.status' },
            operator: 'notEquals',
            values: ['returned'],
          },
        ],
        timeDimension: 'orders_ordered_at',
        granularity: 'day',
        refresh: { cron: '0 * * * *' },
      },
    ]);
  });

  it('are read from config.meta too, and are absent when the model declares none', () => {
    expect(exploreNamed(compileTestModels(orders([valid], { where: 'configMeta' })), 'orders').preAggregates?.map((p) => p.name)).toEqual([
      'orders_daily_by_status',
    ]);
    expect(exploreNamed(compileTestModels(orders(undefined)), 'orders').preAggregates).toBeUndefined();
  });

  it('belong to the model’s own explore, not to its extra explores', () => {
    const [model, ...others] = orders([valid]);
    const withExtra = { ...model!, meta: { ...model!.meta, explores: { completed_orders: { label: 'Completed', joins: [] } } } };
    const explores = compileTestModels([withExtra, ...others]);
    expect(exploreNamed(explores, 'orders').preAggregates).toHaveLength(1);
    expect(exploreNamed(explores, 'completed_orders').preAggregates).toBeUndefined();
  });

  it('are read from YAML-only projects', () => {
    const files = {
      'dbt_project.yml': 'name: shop\nprofile: shop\n',
      'profiles.yml': 'shop:\n  target: dev\n  outputs:\n    dev: { type: postgres, dbname: warehouse, schema: analytics }\n',
      'models/orders.yml': [
        'version: 2',
        'models:',
        '  - name: orders',
        '    config:',
        '      meta:',
        '        pre_aggregates:',
        '          - name: by_status',
        '            dimensions: [status]',
        '            metrics: [total]',
        '    columns:',
        '      - name: status',
        '        meta: { dimension: { type: string } }',
        '      - name: amount',
        '        meta: { dimension: { type: number }, metrics: { total: { type: sum } } }',
      ].join('\n'),
    };
    const explores = compileExplores(loadTransformProject({ kind: 'yaml', files }), { warehouseType: 'postgres', catalog: {} });
    expect(exploreNamed(explores, 'orders').preAggregates).toEqual([
      { name: 'by_status', modelName: 'orders', dimensions: ['orders_status'], metrics: ['orders_total'] },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a bad name', { name: 'by status' }, 'orders.pre_aggregates[0].name: must be letters, digits and underscores'],
    ['no dimensions', { dimensions: [] }, 'orders.pre_aggregates[0].dimensions: must be a list of at least one dimension name'],
    ['no metrics', { metrics: undefined }, 'orders.pre_aggregates[0].metrics: must be a list of at least one metric name'],
    [
      'an unknown dimension',
      { dimensions: ['nope'] },
      'orders.pre_aggregates[0].dimensions: "nope" is not a dimension of explore "orders"',
    ],
    [
      'a metric named as a dimension',
      { metrics: ['status'] },
      'orders.pre_aggregates[0].metrics: "status" is not a metric of explore "orders"',
    ],
    [
      'a time dimension without granularity',
      { granularity: undefined },
      'orders.pre_aggregates[0].granularity: time_dimension and granularity go together',
    ],
    [
      'a granularity without time dimension',
      { time_dimension: undefined },
      'orders.pre_aggregates[0].time_dimension: time_dimension and granularity go together',
    ],
    [
      'an unknown granularity',
      { granularity: 'minute' },
      'orders.pre_aggregates[0].granularity: must be one of hour, day, week, month, quarter, year',
    ],
    [
      'a time dimension that is not a date',
      { time_dimension: 'status' },
      'orders.pre_aggregates[0].time_dimension: "status" must be a date or timestamp dimension',
    ],
    [
      'a time dimension without that interval',
      { time_dimension: 'created', granularity: 'week' },
      'orders.pre_aggregates[0].granularity: "created" has no week interval',
    ],
    [
      'a bad cron',
      { refresh: { cron: '61 * * * *' } },
      'orders.pre_aggregates[0].refresh.cron: "61 * * * *" is not a valid cron expression',
    ],
    [
      'a cron of three fields',
      { refresh: { cron: '* * *' } },
      'orders.pre_aggregates[0].refresh.cron: must be a cron expression of five or six fields',
    ],
    [
      'a filter on an unknown field',
      { filters: [{ nope: 'x' }] },
      'orders.pre_aggregates[0].filters: "nope" is not a dimension of explore "orders"',
    ],
    ['an unknown key', { grain: 'day' }, 'orders.pre_aggregates[0].grain: unknown key'],
    [
      'a count_distinct metric',
      { metrics: ['distinct_customers'] },
      '"distinct_customers" cannot be stored in a pre-aggregate: it is a count_distinct metric',
    ],
    ['a percentile metric', { metrics: ['p90'] }, '"p90" cannot be stored in a pre-aggregate: it is a percentile metric'],
    [
      'a number metric over a count_distinct',
      { metrics: ['share'] },
      '"share" cannot be stored in a pre-aggregate: it reads ${distinct_customers}, which cannot be stored: it is a count_distinct metric',
    ],
    [
      'a number metric aggregating columns itself',
      { metrics: ['raw_ratio'] },
      '"raw_ratio" cannot be stored in a pre-aggregate: a number metric reading ${TABLE} columns',
    ],
    [
      'a metric with a relative date filter',
      { metrics: ['recent_total'] },
      '"recent_total" cannot be stored in a pre-aggregate: its filter on "ordered_at" (inThePast) moves with the current date',
    ],
    [
      'a dimension reading user attributes',
      { dimensions: ['region'] },
      'orders.pre_aggregates[0]: dimension "orders_region" reads user attributes or parameters',
    ],
    [
      'a sum over a table the join repeats',
      { metrics: ['customers.customer_total'] },
      'metric "customers_customer_total" adds up rows of "customers", which a join of this rollup repeats',
    ],
  ])('refuse %s with a compile error naming the model and the key', (_case, change, message) => {
    const errors = exploreErrors(compileTestModels(orders([{ ...valid, ...change }])), 'orders');
    expect(errors.some((error) => error.includes(message))).toBe(true);
  });

  it('refuse two pre-aggregates of the same name', () => {
    const errors = exploreErrors(compileTestModels(orders([valid, valid])), 'orders');
    expect(errors).toEqual([
      'orders.pre_aggregates[1].name: another pre-aggregate of this explore is already named "orders_daily_by_status"',
    ]);
  });

  it('refuse sums across a join that declares no relationship, but keep minimums', () => {
    const errors = exploreErrors(compileTestModels(orders([valid], { relationship: null })), 'orders');
    expect(errors).toEqual([
      'orders.pre_aggregates[0]: metric "orders_total" adds up rows of "orders", but the join of "customers" declares no relationship, so it may repeat them: declare relationship (many-to-one, one-to-one…) on the join',
      'orders.pre_aggregates[0]: metric "orders_avg_amount" adds up rows of "orders", but the join of "customers" declares no relationship, so it may repeat them: declare relationship (many-to-one, one-to-one…) on the join',
      'orders.pre_aggregates[0]: metric "orders_net" adds up rows of "orders", but the join of "customers" declares no relationship, so it may repeat them: declare relationship (many-to-one, one-to-one…) on the join',
    ]);
    expect(
      exploreNamed(compileTestModels(orders([{ ...valid, metrics: ['smallest'] }], { relationship: null })), 'orders').preAggregates,
    ).toHaveLength(1);
  });

  it('refuse sums over the base table when a one-to-many join repeats it', () => {
    const errors = exploreErrors(compileTestModels(orders([valid], { relationship: 'one-to-many' })), 'orders');
    expect(errors[0]).toContain('metric "orders_total" adds up rows of "orders", which a join of this rollup repeats');
  });

  it('leave joins out of the check when the rollup reads only the base table', () => {
    const explore = exploreNamed(
      compileTestModels(orders([{ ...valid, dimensions: ['status'] }], { relationship: 'one-to-many' })),
      'orders',
    );
    expect(explore.preAggregates?.[0]?.dimensions).toEqual(['orders_status']);
  });

  it('refuse a list that is not a list', () => {
    expect(exploreErrors(compileTestModels(orders({ name: 'x' })), 'orders')).toEqual(['orders: "pre_aggregates" must be a list']);
  });
});
