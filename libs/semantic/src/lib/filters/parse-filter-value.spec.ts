import { parseFilterValue } from './parse-filter-value';

describe('parseFilterValue (the YAML filter grammar)', () => {
  it.each([
    [null, { operator: 'isNull', values: [] }],
    ['null', { operator: 'isNull', values: [] }],
    ['!null', { operator: 'notNull', values: [] }],
    [5, { operator: 'equals', values: [5] }],
    [true, { operator: 'equals', values: [true] }],
    ['true', { operator: 'equals', values: ['true'] }],
    [['a', 'b'], { operator: 'equals', values: ['a', 'b'] }],
    ['completed', { operator: 'equals', values: ['completed'] }],
    ['a, b', { operator: 'equals', values: ['a', 'b'] }],
    ['!cancelled', { operator: 'notEquals', values: ['cancelled'] }],
    ['!a, b', { operator: 'notEquals', values: ['a', 'b'] }],
    ['%gmail%', { operator: 'include', values: ['gmail'] }],
    ['!%test%', { operator: 'doesNotInclude', values: ['test'] }],
    ['john%', { operator: 'startsWith', values: ['john'] }],
    ['%.com', { operator: 'endsWith', values: ['.com'] }],
    ['> 10', { operator: 'greaterThan', values: [10] }],
    ['>= 10.5', { operator: 'greaterThanOrEqual', values: [10.5] }],
    ['< 3', { operator: 'lessThan', values: [3] }],
    ['<= 2024-01-01', { operator: 'lessThanOrEqual', values: ['2024-01-01'] }],
    ['inThePast 14 days', { operator: 'inThePast', values: [14], settings: { unitOfTime: 'days', completed: false } }],
    ['inThePast 3 completed months', { operator: 'inThePast', values: [3], settings: { unitOfTime: 'months', completed: true } }],
    ['notInThePast 1 year', { operator: 'notInThePast', values: [1], settings: { unitOfTime: 'years', completed: false } }],
    ['inTheNext 2 weeks', { operator: 'inTheNext', values: [2], settings: { unitOfTime: 'weeks', completed: false } }],
    ['inTheCurrent month', { operator: 'inTheCurrent', values: [1], settings: { unitOfTime: 'months', completed: false } }],
  ])('%j', (value, expected) => {
    expect(parseFilterValue(value)).toEqual(expected);
  });

  it('rejects unknown units and object values', () => {
    expect(() => parseFilterValue('inThePast 3 fortnights')).toThrow('Unknown unit of time "fortnights"');
    expect(() => parseFilterValue({ a: 1 })).toThrow('Unsupported filter value');
  });
});
