import { parseModelFilters } from './parse-model-filters';

describe('parseModelFilters', () => {
  it('turns each field of each item into a rule with a stable id', () => {
    expect(parseModelFilters([{ status: 'completed', 'customers.country': '!FR' }, { amount: '> 0' }], 'orders_total_filter')).toEqual([
      { id: 'orders_total_filter_0', target: { fieldRef: 'status' }, operator: 'equals', values: ['completed'] },
      { id: 'orders_total_filter_1', target: { fieldRef: 'customers.country' }, operator: 'notEquals', values: ['FR'] },
      { id: 'orders_total_filter_2', target: { fieldRef: 'amount' }, operator: 'greaterThan', values: [0] },
    ]);
  });

  it('marks required filters, letting an item override with required:', () => {
    const rules = parseModelFilters([{ status: 'completed' }, { order_date: 'inThePast 7 days', required: false }], 'f', {
      required: true,
    });
    expect(rules.map((rule) => [rule.target.fieldRef, rule.required])).toEqual([
      ['status', true],
      ['order_date', false],
    ]);
  });

  it('refuses items that are not objects', () => {
    expect(() => parseModelFilters(['status'], 'f')).toThrow('Filter 1 must be an object');
  });
});
