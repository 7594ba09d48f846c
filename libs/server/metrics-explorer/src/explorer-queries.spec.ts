import { compile } from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import type { Explore } from '@quarry/domain';
import { compileExplores, loadTransformProject } from '@quarry/semantic';
import { JAFFLE_POSTGRES_CATALOG, jaffleManifestWithCatalogMeta } from '@quarry/testing';

import { chooseTimeDimension, findMetric, timeDimensionRef } from './explorer-fields';
import { segmentValuesFilter, seriesQuery, type SeriesSpec, topSegmentsQuery } from './explorer-queries';
import { dayjs } from './time-grain';

const explores = compileExplores(loadTransformProject({ kind: 'manifest', manifest: jaffleManifestWithCatalogMeta() }), {
  warehouseType: 'postgres',
  catalog: JAFFLE_POSTGRES_CATALOG,
});
const orders = explores.find((explore) => explore.name === 'orders') as Explore;
const payments = explores.find((explore) => explore.name === 'payments') as Explore;

describe('metrics explorer queries', () => {
  const spec: SeriesSpec = {
    exploreName: 'orders',
    metricId: 'orders_total_order_amount',
    timeDimension: { table: 'orders', field: 'order_date', type: 'date' },
    grain: 'MONTH',
    from: dayjs.utc('2018-01-01'),
    until: dayjs.utc('2018-07-01'),
    filter: { id: 'f', target: { fieldId: 'orders_status' }, operator: 'equals', values: ["x' OR 1=1 --"] },
    limit: 5000,
  };

  it('groups by the interval dimension and binds the range and filter values', () => {
    const query = seriesQuery(spec);
    expect(query).toMatchObject({
      dimensions: ['orders_order_date_month'],
      metrics: ['orders_total_order_amount'],
      sorts: [{ fieldId: 'orders_order_date_month', descending: false }],
    });
    const compiled = compile(orders, query, dialectFor('postgres'), {}, { inlineParams: false });
    expect(compiled.params).toEqual(expect.arrayContaining(['2018-01-01', '2018-07-01', "x' OR 1=1 --"]));
    expect(compiled.sql).not.toContain('OR 1=1');
    expect(compiled.sql).not.toContain('2018-01-01');
  });

  it('asks for one segment more than it shows, largest first, and filters to the kept ones', () => {
    expect(topSegmentsQuery(spec, 'orders_status')).toMatchObject({
      dimensions: ['orders_status'],
      sorts: [{ fieldId: 'orders_total_order_amount', descending: true }],
      limit: 11,
    });
    expect(segmentValuesFilter('orders_status', ['a', null])).toEqual({
      id: 'segments-any',
      or: [
        { id: 'segments', target: { fieldId: 'orders_status' }, operator: 'equals', values: ['a'] },
        { id: 'segments-null', target: { fieldId: 'orders_status' }, operator: 'isNull' },
      ],
    });
  });

  it("takes the metric's default time dimension, or refuses without one", () => {
    const metric = findMetric(orders, 'total_order_amount');
    expect(chooseTimeDimension(metric, undefined)).toEqual({ table: 'orders', field: 'order_date', interval: 'MONTH' });
    expect(timeDimensionRef(orders, { table: 'orders', field: 'order_date' })).toEqual({
      table: 'orders',
      field: 'order_date',
      type: 'date',
    });
    expect(() => chooseTimeDimension(findMetric(payments, 'total_revenue'), undefined)).toThrow(/no default time dimension/);
    expect(() => timeDimensionRef(orders, { table: 'orders', field: 'status' })).toThrow(/not a date or timestamp dimension/);
    expect(() => findMetric(orders, 'nope')).toThrow(/does not exist/);
  });
});
