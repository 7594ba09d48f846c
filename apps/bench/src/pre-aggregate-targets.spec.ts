import { preAggregateVerdicts } from './pre-aggregate-targets';

describe('issue 16 pre-aggregate targets in the bench report', () => {
  it('says met within the bounds and MISSED past them', () => {
    expect(preAggregateVerdicts({ speedup: 20, overDirectMs: 2 })).toEqual({
      speedup: '(target ≥ 20×: met)',
      overDirect: '(target ≤ 2 ms: met)',
    });
    expect(preAggregateVerdicts({ speedup: 19.9, overDirectMs: 2.01 })).toEqual({
      speedup: '(target ≥ 20×: MISSED)',
      overDirect: '(target ≤ 2 ms: MISSED)',
    });
  });

  it('counts a speed-up that could not be measured as missed', () => {
    expect(preAggregateVerdicts({ speedup: undefined, overDirectMs: 1 }).speedup).toContain('MISSED');
  });
});
