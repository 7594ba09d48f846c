import { dialectFor } from '@quarry/dialects';
import { type MetricQuery, QuarryError, WAREHOUSE_TYPES } from '@quarry/domain';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';

/** Filter rules as the reference's Python SDK sends them: no `id`, and `null` for "is empty". */
const sdkRule = (fieldId: string, operator: string, values: unknown[]) => ({ target: { fieldId }, operator, values }) as never;

const query = (rules: unknown[]): MetricQuery => ({
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_total_order_amount'],
  filters: { dimensions: { and: rules } as never },
  sorts: [],
  limit: 10,
  tableCalculations: [],
});

function compileError(rules: unknown[]): QuarryError {
  try {
    compile(jaffleExplore('orders'), query(rules), dialectFor('postgres'));
  } catch (error) {
    if (error instanceof QuarryError) return error;
    throw error;
  }
  throw new Error('The query compiled');
}

describe('filter rules without an id', () => {
  it('name the field in the message, never "undefined", and leave filterId out of data', () => {
    const error = compileError([sdkRule('orders_amount', 'equals', ['many'])]);
    expect(error.name).toBe('ParameterError');
    expect(error.message).toBe('Filter on "orders_amount": "many" is not a number');
    expect(error.data).toEqual({ fieldId: 'orders_amount', value: 'many' });
  });

  it('name the target when it is not a field of the explore', () => {
    const error = compileError([sdkRule('orders_nope', 'equals', ['x'])]);
    expect(error.message).not.toContain('undefined');
    expect(error.data).toEqual({ fieldId: 'orders_nope' });
  });

  it('keep filterId in data when the rule has an id', () => {
    const error = compileError([{ ...(sdkRule('orders_amount', 'equals', ['many']) as object), id: 'r1' }]);
    expect(error.message).toBe('Filter "r1" on "orders_amount": "many" is not a number');
    expect(error.data).toMatchObject({ filterId: 'r1', fieldId: 'orders_amount' });
  });

  it('compile when valid', () => {
    const compiled = compile(jaffleExplore('orders'), query([sdkRule('orders_status', 'equals', ['completed'])]), dialectFor('postgres'));
    expect(compiled.params).toEqual(['completed']);
  });
});

describe.each(WAREHOUSE_TYPES.map((type) => [type]))('a null filter value on %s', (warehouse) => {
  const compiled = (operator: string, values: unknown[], fieldId = 'orders_status') =>
    compile(jaffleExplore('orders', warehouse), query([sdkRule(fieldId, operator, values)]), dialectFor(warehouse));

  it('equals [null] is IS NULL, with nothing bound', () => {
    const { sql, params } = compiled('equals', [null]);
    expect(sql).toMatch(/\) IS NULL/);
    expect(params).toEqual([]);
  });

  it('equals [value, null] matches the value or null, the value bound', () => {
    const { sql, params } = compiled('equals', ['completed', null]);
    expect(sql).toMatch(/IN \([^)]*\$1\) OR \([^)]*\) IS NULL\)/);
    expect(params).toEqual(['completed']);
  });

  it('notEquals [null] is IS NOT NULL; notEquals [value, null] drops the nulls too', () => {
    expect(compiled('notEquals', [null]).sql).toMatch(/\) IS NOT NULL/);
    const { sql, params } = compiled('notEquals', [5, null], 'orders_amount');
    expect(sql).toMatch(/NOT IN \(.*\$1.*\) OR .* IS NULL\) AND \(.*\) IS NOT NULL\)/);
    expect(params).toEqual([5]);
  });

  it('still refuses null where it has no meaning (a bound), naming the field', () => {
    expect(() => compiled('greaterThan', [null], 'orders_amount')).toThrow('Filter on "orders_amount": null is not a number');
  });
});
