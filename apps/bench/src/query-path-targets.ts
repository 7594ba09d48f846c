import type { CaseResult } from './run-case';

/** Issue 15's bounds on the small query's path: what runQuery and v2 may add to DuckDB's own time. */
export const QUERY_PATH_TARGETS = {
  /** runQuery cache miss − DuckDB direct, median. */
  missOverDirectMs: 3,
  /** runQuery cache hit, median. */
  hitMedianMs: 3,
  /** v2 first page − DuckDB direct, median. */
  v2OverDirectMs: 5,
  /** compileQuery and cached runQuery throughput ÷ GET /api/v1/user. */
  throughputShare: 0.7,
} as const;

function verdict(held: boolean): string {
  return held ? 'met' : 'MISSED';
}

/** The small case's three latency targets as "value (target …: met|MISSED)", keyed by variant; empty for other cases. */
export function queryPathVerdicts(result: CaseResult): Partial<Record<'httpMiss' | 'httpHit' | 'v2FirstPage', string>> {
  if (result.id !== 'small') return {};
  const miss = result.medianDifferenceMs.httpMiss;
  const hit = result.timingsMs.httpHit.median;
  const v2 = result.medianDifferenceMs.v2FirstPage;
  return {
    httpMiss:
      `+${miss.toFixed(2)} ms over direct (target ≤ +${QUERY_PATH_TARGETS.missOverDirectMs} ` +
      `ms: ${verdict(miss <= QUERY_PATH_TARGETS.missOverDirectMs)})`,
    httpHit:
      `median ${hit.toFixed(2)} ms ` + `(target ≤ ${QUERY_PATH_TARGETS.hitMedianMs} ms: ${verdict(hit <= QUERY_PATH_TARGETS.hitMedianMs)})`,
    v2FirstPage:
      `+${v2.toFixed(2)} ms over direct (target ≤ +${QUERY_PATH_TARGETS.v2OverDirectMs} ` +
      `ms: ${verdict(v2 <= QUERY_PATH_TARGETS.v2OverDirectMs)})`,
  };
}

/** A throughput share beside its bound. */
export function throughputVerdict(share: number | undefined): string {
  return (
    `(target ` + `≥ ${QUERY_PATH_TARGETS.throughputShare}×: ${verdict(share !== undefined && share >= QUERY_PATH_TARGETS.throughputShare)})`
  );
}
