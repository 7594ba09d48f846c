import type { Explore, MetricQuery } from '@quarry/domain';

import { withDashboardFilters } from './dashboard-filters';

const explore = {
  tables: {
    orders: { dimensions: { status: { table: 'orders', name: 'status' } }, metrics: { total: { table: 'orders', name: 'total' } } },
  },
} as unknown as Explore;

const query: MetricQuery = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_total'],
  filters: { dimensions: { id: 'own', and: [{ id: 'a', target: { fieldId: 'orders_status' }, operator: 'notNull' }] } },
  sorts: [],
  limit: 10,
  tableCalculations: [],
};

describe('dashboard filters on a metric query', () => {
  it('ANDs rules on the explore’s fields onto the query’s own filters and drops rules on other explores’ fields', () => {
    const filtered = withDashboardFilters(
      query,
      {
        dimensions: [
          { id: 'd', target: { fieldId: 'orders_status', tableName: 'orders' }, operator: 'equals', values: ['placed'] },
          { id: 'x', target: { fieldId: 'payments_method', tableName: 'payments' }, operator: 'equals', values: ['card'] },
        ],
      },
      explore,
    );
    expect(filtered.filters.dimensions).toEqual({
      id: 'dashboard-dimensions',
      and: [
        query.filters.dimensions,
        {
          id: 'd',
          target: { fieldId: 'orders_status' },
          operator: 'equals',
          values: ['placed'],
          settings: undefined,
          disabled: undefined,
          required: undefined,
        },
      ],
    });
  });

  it('leaves the query as it is without dashboard filters or when every rule is dropped', () => {
    expect(withDashboardFilters(query, undefined, explore)).toBe(query);
    expect(
      withDashboardFilters(query, { metrics: [{ id: 'm', target: { fieldId: 'payments_total' }, operator: 'notNull' }] }, explore).filters,
    ).toEqual(query.filters);
  });
});
