import { DEMO_DEFAULT_LAST_DAY } from '../demo-constants';
import { planDemo } from './demo-plan';

describe('planDemo', () => {
  it('makes 100k orders, 25k customers and 1000 products at scale 1', () => {
    expect(planDemo(1)).toEqual({
      scale: 1,
      customers: 25_000,
      products: 1_000,
      orders: 100_000,
      browsingSessions: 60_000,
      firstDay: '2023-01-01',
      lastDay: DEMO_DEFAULT_LAST_DAY,
    });
  });

  it('grows orders and customers linearly and the catalogue with the square root of the scale', () => {
    const large = planDemo(100);
    expect(large.orders).toBe(10_000_000);
    expect(large.customers).toBe(2_500_000);
    expect(large.products).toBe(10_000);
  });

  it('keeps at least one row of each seed and a minimal catalogue at tiny scales', () => {
    const tiny = planDemo(0.000001);
    expect(tiny.orders).toBe(1);
    expect(tiny.customers).toBe(1);
    expect(tiny.products).toBe(100);
  });

  it('covers the three years ending on the given day', () => {
    expect(planDemo(1, '2026-11-22')).toMatchObject({ firstDay: '2023-11-23', lastDay: '2026-11-22' });
    expect(planDemo(1, '2024-02-29')).toMatchObject({ firstDay: '2021-03-01' });
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1001])('rejects scale %p', (scale) => {
    expect(() => planDemo(scale)).toThrow(RangeError);
  });

  it.each(['2025-02-30', '2025-1-01', 'yesterday', ''])('rejects last day %p', (lastDay) => {
    expect(() => planDemo(1, lastDay)).toThrow(/YYYY-MM-DD/);
  });
});
