import { sumCells } from './cell-sum';

describe('sumCells', () => {
  it.each<[unknown[], number | undefined]>([
    [[0.1, 0.2], 0.3],
    [[10.1, 20.2], 30.3],
    [[1, 2, 3], 6],
    // drivers return NUMERIC columns as text
    [['1.10', '2.2', 3], 6.3],
    [[1e-7, 2e-7], 3e-7],
    [[null, undefined, 'n/a', true, 5], 5],
    [[12345678901234567890n, 10], 12345678901234567000],
    [[null, undefined], undefined],
    [[], undefined],
  ])('%p → %p', (values, expected) => {
    expect(sumCells(values)).toBe(expected);
  });
});
