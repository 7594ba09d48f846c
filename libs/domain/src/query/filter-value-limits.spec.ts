import { filterValuesProblem, MAX_FILTER_VALUES_PER_QUERY, MAX_FILTER_VALUES_PER_RULE } from './filter-value-limits';

const rule = (count: number) => ({
  id: 'r',
  target: { fieldId: 'f' },
  operator: 'equals',
  values: Array.from({ length: count }, (_, index) => index),
});

describe('filterValuesProblem', () => {
  it('names the first rule past MAX_FILTER_VALUES_PER_RULE by its path in the request', () => {
    const group = { id: 'g', and: [rule(1), { id: 'inner', or: [rule(2), rule(MAX_FILTER_VALUES_PER_RULE + 1)] }] };
    expect(filterValuesProblem([['filters.dimensions', group]])).toEqual({
      path: 'filters.dimensions.and[1].or[1].values',
      message: expect.stringContaining(`at most ${MAX_FILTER_VALUES_PER_RULE} values`),
    });
  });

  it('names the filters when all rules together pass MAX_FILTER_VALUES_PER_QUERY', () => {
    const perRule = MAX_FILTER_VALUES_PER_RULE;
    const rules = Array.from({ length: Math.floor(MAX_FILTER_VALUES_PER_QUERY / perRule) + 1 }, () => rule(perRule));
    expect(filterValuesProblem([['filters.dimensions', { and: rules }]])).toEqual({
      path: 'filters',
      message: expect.stringContaining(`at most ${MAX_FILTER_VALUES_PER_QUERY} filter values`),
    });
    expect(
      filterValuesProblem([
        ['filters.dimensions', { and: rules.slice(1) }],
        ['additionalMetrics[0].filters[0]', rule(5)],
      ]),
    ).toBeUndefined();
  });

  it('ignores what is not a filter group or rule (the shape is checked elsewhere)', () => {
    expect(
      filterValuesProblem([
        ['filters.dimensions', undefined],
        ['filters.metrics', 'x'],
        ['filters.tableCalculations', { and: 'no' }],
      ]),
    ).toBeUndefined();
  });
});
