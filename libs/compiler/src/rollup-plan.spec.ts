import { dialectFor } from '@quarry/dialects';

import { compile, rollupPlan } from './index';
import { jafflePreAggregateExplore } from './test/pre-aggregates/jaffle-pre-aggregates';

describe('rollupPlan', () => {
  const orders = jafflePreAggregateExplore('orders');
  const definition = (name: string) => {
    const found = orders.preAggregates?.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no pre-aggregate ${name}`);
    return found;
  };

  it('groups the dimensions and the time grain, and stores each metric as re-aggregatable parts, each once', () => {
    const plan = rollupPlan(orders, definition('orders_daily_by_status'));
    expect(plan.columns).toEqual([
      { name: 'orders_status', kind: 'dimension', fieldId: 'orders_status' },
      { name: 'orders_is_completed', kind: 'dimension', fieldId: 'orders_is_completed' },
      { name: 'orders_order_date_day', kind: 'time', fieldId: 'orders_order_date' },
      { name: 'orders_total_order_amount', kind: 'sum', fieldId: 'orders_total_order_amount' },
      { name: 'orders_total_completed_order_amount', kind: 'sum', fieldId: 'orders_total_completed_order_amount' },
      { name: 'orders_average_order_size__sum', kind: 'sum', fieldId: 'orders_average_order_size' },
      { name: 'orders_average_order_size__count', kind: 'count', fieldId: 'orders_average_order_size' },
      { name: 'orders_fulfillment_rate__sum', kind: 'sum', fieldId: 'orders_fulfillment_rate' },
      { name: 'orders_fulfillment_rate__count', kind: 'count', fieldId: 'orders_fulfillment_rate' },
      { name: 'orders_date_of_first_order', kind: 'min', fieldId: 'orders_date_of_first_order' },
      { name: 'orders_date_of_most_recent_order', kind: 'max', fieldId: 'orders_date_of_most_recent_order' },
      { name: 'orders_order_count', kind: 'count', fieldId: 'orders_order_count' },
    ]);
    expect(plan.query).toMatchObject({ exploreName: 'orders', sorts: [], tableCalculations: [], filters: {} });
    expect(plan.query.dimensions).toEqual(['orders_status', 'orders_is_completed', 'orders_order_date_day']);
  });

  it('compiles for the warehouse without a limit, the columns being the result columns', () => {
    const plan = rollupPlan(orders, definition('orders_daily_by_status'));
    const compiled = compile(orders, plan.query, dialectFor('postgres'), {}, { withoutLimit: true });
    expect(Object.keys(compiled.fields)).toEqual(plan.columns.map((column) => column.name));
    expect(compiled.sql).not.toContain('LIMIT');
    expect(compiled.sql).toContain('SUM("orders".amount) AS "orders_average_order_size__sum"');
    expect(compiled.sql).toContain('COUNT("orders".amount) AS "orders_average_order_size__count"');
    expect(compiled.sql).toContain('GROUP BY 1,2,3');
  });

  it('keeps a metric’s own filters in its parts, and applies the definition’s filters', () => {
    const plan = rollupPlan(orders, definition('completed_orders_weekly'));
    expect(plan.query.filters).toEqual({
      dimensions: {
        id: 'completed_orders_weekly_filters',
        and: [
          {
            id: 'orders_pre_aggregate_completed_orders_weekly_filter_0',
            target: { fieldId: 'orders_status' },
            operator: 'equals',
            values: ['completed', 'shipped'],
          },
        ],
      },
    });
    const compiled = compile(orders, plan.query, dialectFor('postgres'), {}, { withoutLimit: true, inlineParams: true });
    expect(compiled.sql).toContain(`("orders".status) IN ('completed','shipped')`);
  });
});
