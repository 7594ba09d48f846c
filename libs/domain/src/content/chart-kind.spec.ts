import { chartKindOf } from './chart-kind';

describe('chartKindOf', () => {
  it('names cartesian charts by their series', () => {
    expect(chartKindOf('cartesian', { eChartsConfig: { series: [{ type: 'line' }, { type: 'line' }] } })).toBe('line');
    expect(chartKindOf('cartesian', { eChartsConfig: { series: [{ type: 'line', areaStyle: {} }] } })).toBe('area');
    expect(chartKindOf('cartesian', { layout: { flipAxes: true }, eChartsConfig: { series: [{ type: 'bar' }] } })).toBe('horizontal_bar');
    expect(chartKindOf('cartesian', { eChartsConfig: { series: [{ type: 'bar' }] } })).toBe('vertical_bar');
    expect(chartKindOf('cartesian', { eChartsConfig: { series: [{ type: 'scatter' }] } })).toBe('scatter');
    expect(chartKindOf('cartesian', { eChartsConfig: { series: [{ type: 'bar' }, { type: 'line' }] } })).toBe('mixed');
  });

  it('defaults a cartesian chart without series to vertical bars', () => {
    expect(chartKindOf('cartesian', undefined)).toBe('vertical_bar');
  });

  it('uses the chart type as the kind of other charts', () => {
    expect(chartKindOf('big_number', { label: 'x' })).toBe('big_number');
    expect(chartKindOf('table', {})).toBe('table');
  });
});
