import { dialectFor } from '@quarry/dialects';
import { type MetricQuery, QuarryError } from '@quarry/domain';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';

const base: MetricQuery = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_total_order_amount'],
  filters: {},
  sorts: [],
  limit: 10,
  tableCalculations: [],
};

const rule = (fieldId: string, operator: string, values?: unknown[], settings?: unknown) =>
  ({
    id: 'bad-rule',
    target: { fieldId },
    operator,
    ...(values === undefined ? {} : { values }),
    ...(settings === undefined ? {} : { settings }),
  }) as never;

/** Each bad query, and what the 400 must name (in `data`) so the caller can find the culprit. */
const CASES: Array<[string, Partial<MetricQuery>, Record<string, unknown>]> = [
  ['unknown dimension id', { dimensions: ['orders_nope'] }, { fieldId: 'orders_nope' }],
  ['unknown metric id', { metrics: ['orders_nope_total'] }, { fieldId: 'orders_nope_total' }],
  [
    'unknown filter target',
    { filters: { dimensions: { id: 'g', and: [rule('orders_missing', 'equals', ['x'])] } } },
    { fieldId: 'orders_missing', filterId: 'bad-rule' },
  ],
  [
    'dimension filter on a metric',
    { filters: { dimensions: { id: 'g', and: [rule('orders_total_order_amount', 'equals', [1])] } } },
    { fieldId: 'orders_total_order_amount' },
  ],
  [
    'unknown operator',
    { filters: { dimensions: { id: 'g', and: [rule('orders_status', 'looksLike', ['x'])] } } },
    { operator: 'looksLike', filterId: 'bad-rule' },
  ],
  [
    'operator that does not apply to the type',
    { filters: { dimensions: { id: 'g', and: [rule('orders_amount', 'include', [1])] } } },
    { operator: 'include', fieldId: 'orders_amount' },
  ],
  [
    'text value for a number field',
    { filters: { dimensions: { id: 'g', and: [rule('orders_amount', 'equals', ['1; DROP TABLE x'])] } } },
    { fieldId: 'orders_amount', value: '1; DROP TABLE x' },
  ],
  [
    'object value for a string field',
    { filters: { dimensions: { id: 'g', and: [rule('orders_status', 'equals', [{ a: 1 }])] } } },
    { fieldId: 'orders_status' },
  ],
  [
    'bad date value',
    { filters: { dimensions: { id: 'g', and: [rule('orders_order_date', 'equals', ['2018-02-30'])] } } },
    { fieldId: 'orders_order_date', value: '2018-02-30' },
  ],
  [
    'bad boolean value',
    { filters: { dimensions: { id: 'g', and: [rule('orders_is_completed', 'equals', ['yes'])] } } },
    { fieldId: 'orders_is_completed', value: 'yes' },
  ],
  [
    'bad unit of time',
    { filters: { dimensions: { id: 'g', and: [rule('orders_order_date', 'inThePast', [3], { unitOfTime: 'fortnights' })] } } },
    { unitOfTime: 'fortnights' },
  ],
  [
    'between with one value',
    { filters: { dimensions: { id: 'g', and: [rule('orders_amount', 'inBetween', [1])] } } },
    { fieldId: 'orders_amount' },
  ],
  [
    'metric filter on an unknown metric',
    { filters: { metrics: { id: 'g', and: [rule('orders_nothing', 'equals', [1])] } } },
    { fieldId: 'orders_nothing' },
  ],
  [
    'table calculation referencing a field not in the query',
    { tableCalculations: [{ name: 'calc', displayName: 'Calc', sql: '${orders.unique_order_count} * 2' }] },
    { tableCalculation: 'calc', reference: 'orders.unique_order_count' },
  ],
  [
    'table calculation name clashing with a field',
    { tableCalculations: [{ name: 'orders_status', displayName: 'Clash', sql: '1' }] },
    { tableCalculation: 'orders_status' },
  ],
  [
    'table calculation filter on an unknown calculation',
    { filters: { tableCalculations: { id: 'g', and: [rule('ghost', 'equals', [1])] } } },
    { fieldId: 'ghost' },
  ],
  ['sort on a field not in the query', { sorts: [{ fieldId: 'orders_amount', descending: false }] }, { sortFieldId: 'orders_amount' }],
  ['limit that is not a positive whole number', { limit: 0 }, { limit: 0 }],
  ['unknown time zone', { timezone: 'Mars/Olympus' }, { timezone: 'Mars/Olympus' }],
  [
    'custom metric on an unknown table',
    { metrics: ['ghosts_total'], additionalMetrics: [{ name: 'total', table: 'ghosts', type: 'sum', sql: '1' }] },
    { table: 'ghosts' },
  ],
  [
    'bin of a string dimension',
    {
      dimensions: ['bin'],
      customDimensions: [
        { id: 'bin', name: 'Bin', table: 'orders', type: 'bin', dimensionId: 'orders_status', binType: 'fixed_width', binWidth: 5 },
      ],
    },
    { customDimensionId: 'bin' },
  ],
  [
    'bin without a width',
    {
      dimensions: ['bin'],
      customDimensions: [{ id: 'bin', name: 'Bin', table: 'orders', type: 'bin', dimensionId: 'orders_amount', binType: 'fixed_width' }],
    },
    { customDimensionId: 'bin' },
  ],
  [
    'period over period on a time dimension not selected',
    {
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_month' },
        granularity: 'MONTH',
        periodOffset: 1,
      },
    },
    { periodOverPeriodField: 'orders_order_date_month' },
  ],
  [
    'period over period with a bad offset',
    {
      dimensions: ['orders_order_date_month'],
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_month' },
        granularity: 'MONTH',
        periodOffset: 0,
      },
    },
    { periodOffset: 0 },
  ],
  [
    'period over period with a bad granularity',
    {
      dimensions: ['orders_order_date_month'],
      periodOverPeriod: {
        type: 'previousPeriod',
        field: { table: 'orders', name: 'order_date_month' },
        granularity: 'FORTNIGHT' as never,
        periodOffset: 1,
      },
    },
    { granularity: 'FORTNIGHT' },
  ],
  [
    'date metric filter with a value that is not a date',
    { filters: { metrics: { id: 'g', and: [rule('orders_date_of_first_order', 'equals', ['soon'])] } } },
    { fieldId: 'orders_date_of_first_order', value: 'soon' },
  ],
  [
    'period to date in weeks',
    { filters: { dimensions: { id: 'g', and: [rule('orders_order_date', 'inPeriodToDate', [], { unitOfTime: 'weeks' })] } } },
    { unitOfTime: 'weeks' },
  ],
  [
    'custom metric percentile out of range',
    {
      metrics: ['orders_p'],
      additionalMetrics: [{ name: 'p', table: 'orders', type: 'percentile', sql: '${TABLE}.amount', percentile: 150 }],
    },
    { fieldId: 'orders_p', percentile: 150 },
  ],
  [
    'custom metric that does not aggregate',
    { metrics: ['orders_n'], additionalMetrics: [{ name: 'n', table: 'orders', type: 'number', sql: '1' }] },
    { fieldId: 'orders_n', type: 'number' },
  ],
];

describe('bad queries are rejected with a 400 naming the culprit', () => {
  const explore = jaffleExplore('orders');

  it.each(CASES)('%s', (_name, change, named) => {
    let error: unknown;
    try {
      compile(explore, { ...base, ...change }, dialectFor('postgres'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(QuarryError);
    expect((error as QuarryError).name).toBe('ParameterError');
    expect((error as QuarryError).data).toMatchObject(named);
    for (const value of Object.values(named))
      if (typeof value === 'string') expect((error as QuarryError).message).toContain(value.split('.').pop());
  });

  it('forbids a query that needs a user attribute the user lacks', () => {
    const query: MetricQuery = {
      ...base,
      dimensions: ['mine'],
      customDimensions: [
        { id: 'mine', name: 'Mine', table: 'orders', type: 'sql', sql: '${orders.status} = ${ld.attr.region}', dimensionType: 'boolean' },
      ],
    };
    expect(() => compile(explore, query, dialectFor('postgres'), { userAttributes: {} })).toThrow(
      expect.objectContaining({ name: 'ForbiddenError', data: { attribute: 'region' } }),
    );
  });
});

describe('date zoom', () => {
  const monthly: MetricQuery = { ...base, dimensions: ['orders_order_date_month', 'orders_status'] };
  const zoomed = (dateZoom: unknown) => () =>
    compile(jaffleExplore('orders'), monthly, dialectFor('postgres'), { dateZoom: dateZoom as never });

  it.each([
    ['an unknown field', { granularity: 'Year', xAxisFieldId: 'orders_nope' }],
    ['a field the query does not select', { granularity: 'Year', xAxisFieldId: 'orders_order_date_week' }],
    ['a dimension that is not a date', { granularity: 'Year', xAxisFieldId: 'orders_status' }],
  ])('refuses an xAxisFieldId naming %s with a 400 naming dateZoom.xAxisFieldId', (_name, zoom) => {
    expect(zoomed(zoom)).toThrow(
      expect.objectContaining({ name: 'ParameterError', data: expect.objectContaining({ field: 'dateZoom.xAxisFieldId' }) }),
    );
  });

  it('refuses an unknown granularity with a 400 naming dateZoom.granularity', () => {
    expect(zoomed({ granularity: 'Fortnight' })).toThrow(
      expect.objectContaining({ name: 'ParameterError', data: expect.objectContaining({ field: 'dateZoom.granularity' }) }),
    );
  });

  it('formats the zoomed dimension at the zoomed grain', () => {
    const { fields } = zoomed({ granularity: 'Year', xAxisFieldId: 'orders_order_date_month' })();
    expect(fields['orders_order_date_month']).toMatchObject({ timeInterval: 'YEAR' });
  });
});
