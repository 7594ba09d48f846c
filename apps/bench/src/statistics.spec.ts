import { percentile, ratio, summarize } from './statistics';

describe('bench statistics', () => {
  it('takes the median of odd and even counts, whatever the order', () => {
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
  });

  it('interpolates the 95th percentile between closest ranks', () => {
    const values = Array.from({ length: 21 }, (_, index) => index); // 0..20
    expect(percentile(values, 95)).toBe(19);
    expect(percentile([10, 20], 95)).toBeCloseTo(19.5);
    expect(percentile([7], 95)).toBe(7);
  });

  it('rejects no values and out-of-range percentiles', () => {
    expect(() => percentile([], 50)).toThrow(/no values/);
    expect(() => percentile([1], 101)).toThrow(/0–100/);
  });

  it('summarizes samples', () => {
    expect(summarize([3, 1, 2, 10])).toEqual({ samples: 4, median: 2.5, p95: expect.closeTo(8.95, 5), min: 1, max: 10, mean: 4 });
  });

  it('gives ratios against a positive baseline only', () => {
    expect(ratio(30, 10)).toBe(3);
    expect(ratio(5, 0)).toBeUndefined();
  });
});
