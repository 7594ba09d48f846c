import type { PreAggregateCaseResult } from './run-pre-aggregate-case';

/** Issue 16's targets: ≥ 20× faster than the warehouse, within 2 ms of DuckDB directly on the rollup. */
export const PRE_AGGREGATE_SPEEDUP_TARGET = 20;
export const PRE_AGGREGATE_OVER_DIRECT_TARGET_MS = 2;

const verdict = (held: boolean) => (held ? 'met' : 'MISSED');

/** Issue 16's two bench targets, each with whether this run held it. */
export function preAggregateVerdicts(result: Pick<PreAggregateCaseResult, 'speedup' | 'overDirectMs'>): {
  speedup: string;
  overDirect: string;
} {
  return {
    speedup: `(target ≥ ${PRE_AGGREGATE_SPEEDUP_TARGET}×: ${verdict((result.speedup ?? 0) >= PRE_AGGREGATE_SPEEDUP_TARGET)})`,
    overDirect:
      `(target ≤ ${PRE_AGGREGATE_OVER_DIRECT_TARGET_MS} ` + `ms: ${verdict(result.overDirectMs <= PRE_AGGREGATE_OVER_DIRECT_TARGET_MS)})`,
  };
}
