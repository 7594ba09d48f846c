import { sqlList, sqlString, startShares, weightedChoiceSql } from './sql-literals';

describe('sql literals', () => {
  it('doubles single quotes in strings', () => {
    expect(sqlString("O'Brien")).toBe("'O''Brien'");
    expect(sqlList(['a', "b'c", 3])).toBe("['a', 'b''c', 3]");
  });

  it('refuses non-finite numbers', () => {
    expect(() => sqlList([Number.NaN])).toThrow(RangeError);
  });

  it('gives each weight its slice of [0, 1)', () => {
    expect(startShares([1, 1, 2])).toEqual([0, 0.25, 0.5]);
    expect(() => startShares([])).toThrow(RangeError);
    expect(() => startShares([1, 0])).toThrow(RangeError);
  });

  it('renders a weighted choice as a CASE over cumulative thresholds', () => {
    expect(
      weightedChoiceSql('u', [
        ['a', 1],
        ['b', 1],
        ['c', 2],
      ]),
    ).toBe("CASE WHEN u < 0.25 THEN 'a' WHEN u < 0.5 THEN 'b' ELSE 'c' END");
    expect(weightedChoiceSql('u', [[7, 1]])).toBe('7');
  });
});
