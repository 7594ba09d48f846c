import { savedChartLimit } from './saved-chart-limit';

describe('savedChartLimit', () => {
  it("keeps the chart's own limit under QUERY_MAX_LIMIT", () => {
    expect(savedChartLimit(10, 5_000)).toBe(10);
  });

  it('caps a chart saved with more rows than QUERY_MAX_LIMIT', () => {
    expect(savedChartLimit(1_000_000, 5_000)).toBe(5_000);
  });

  it('never answers fewer than one row', () => {
    expect(savedChartLimit(0, 5_000)).toBe(1);
  });
});
