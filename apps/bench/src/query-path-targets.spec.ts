import { queryPathVerdicts, throughputVerdict } from './query-path-targets';
import type { CaseResult } from './run-case';

function smallCase(missOver: number, hitMedian: number, v2Over: number, id = 'small'): CaseResult {
  const timing = (median: number) => ({ median, p95: median, min: median, max: median, samplesMs: [median] });
  return {
    id,
    timingsMs: { direct: timing(5), httpMiss: timing(5 + missOver), httpHit: timing(hitMedian), v2FirstPage: timing(5 + v2Over) },
    medianDifferenceMs: { httpMiss: missOver, httpHit: hitMedian - 5, v2FirstPage: v2Over },
  } as unknown as CaseResult;
}

describe('issue 15 query-path targets in the bench report', () => {
  it('says met within the bounds and MISSED past them', () => {
    expect(queryPathVerdicts(smallCase(2.5, 2.9, 4.9))).toEqual({
      httpMiss: expect.stringContaining('target ≤ +3 ms: met'),
      httpHit: expect.stringContaining('target ≤ 3 ms: met'),
      v2FirstPage: expect.stringContaining('target ≤ +5 ms: met'),
    });
    expect(queryPathVerdicts(smallCase(3.1, 3.2, 12))).toEqual({
      httpMiss: expect.stringContaining('MISSED'),
      httpHit: expect.stringContaining('MISSED'),
      v2FirstPage: expect.stringContaining('MISSED'),
    });
  });

  it('judges only the small query', () => {
    expect(queryPathVerdicts(smallCase(100, 100, 100, 'aggregate'))).toEqual({});
  });

  it('judges throughput shares against 0.7×', () => {
    expect(throughputVerdict(0.82)).toContain('met');
    expect(throughputVerdict(0.5)).toContain('MISSED');
    expect(throughputVerdict(undefined)).toContain('MISSED');
  });
});
