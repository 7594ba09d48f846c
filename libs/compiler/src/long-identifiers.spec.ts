import { dialectFor } from '@quarry/dialects';
import { type MetricQuery, WAREHOUSE_TYPES } from '@quarry/domain';

import { compile, withColumnNames } from './index';
import { jaffleExplore } from './test/jaffle-explores';

const PREFIX = 'a_custom_metric_whose_name_goes_well_past_the_sixty_three_byte_limit';
const query: MetricQuery = {
  exploreName: 'orders',
  dimensions: ['orders_order_date_month'],
  metrics: [`orders_${PREFIX}_sum`, `orders_${PREFIX}_count`],
  additionalMetrics: [
    { name: `${PREFIX}_sum`, table: 'orders', type: 'sum', sql: '${TABLE}.amount' },
    { name: `${PREFIX}_count`, table: 'orders', type: 'count', sql: '${TABLE}.order_id' },
  ],
  filters: {
    metrics: { id: 'm', and: [{ id: 'r', target: { fieldId: `orders_${PREFIX}_count` }, operator: 'greaterThan', values: [1] }] },
  },
  tableCalculations: [
    { name: `${PREFIX}_calculation`, displayName: 'Calc', template: { type: 'running_total', fieldId: `orders_${PREFIX}_sum` } },
  ],
  periodOverPeriod: { type: 'previousPeriod', field: { table: 'orders', name: 'order_date_month' }, granularity: 'MONTH', periodOffset: 1 },
  sorts: [{ fieldId: `orders_${PREFIX}_sum`, descending: true }],
  limit: 10,
};

describe.each(WAREHOUSE_TYPES.map((type) => [type]))('field ids past the identifier limit on %s', (type) => {
  const dialect = dialectFor(type);
  const compiled = compile(jaffleExplore('orders', type), query, dialect);
  const quoted = [...compiled.sql.matchAll(dialect.identifierQuote === '"' ? /"((?:[^"]|"")*)"/g : /`((?:[^`\\]|\\.)*)`/g)].map(
    (match) => match[1] as string,
  );

  it('writes no identifier longer than the warehouse keeps', () => {
    for (const name of quoted) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(dialect.maxIdentifierBytes);
  });

  it('maps every shortened alias back to its field id, and ids sharing a long prefix stay apart', () => {
    const longIds = Object.keys(compiled.fields).filter((id) => Buffer.byteLength(id) > dialect.maxIdentifierBytes);
    expect(Object.values(compiled.columnNames).sort()).toEqual(longIds.sort());
    expect(new Set(Object.keys(compiled.columnNames)).size).toBe(longIds.length);
    const row = Object.fromEntries(Object.keys(compiled.fields).map((id) => [dialect.columnAlias(id), id]));
    expect(withColumnNames(row, compiled.columnNames)).toEqual(Object.fromEntries(Object.keys(compiled.fields).map((id) => [id, id])));
  });
});

it('shortens on PostgreSQL, where the ids are longer than 63 bytes', () => {
  const compiled = compile(jaffleExplore('orders'), query, dialectFor('postgres'));
  expect(Object.keys(compiled.columnNames).length).toBeGreaterThanOrEqual(5);
});
