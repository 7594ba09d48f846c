/** Summary of one variant's timings, in milliseconds. */
export interface TimingSummary {
  samples: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

/**
 * The p-th percentile (0–100) by linear interpolation between closest ranks (numpy's default):
 * the median of an even count is the mean of the two middle values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be within 0–100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const position = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

export function summarize(values: readonly number[]): TimingSummary {
  if (values.length === 0) throw new Error('no samples to summarize');
  return {
    samples: values.length,
    median: percentile(values, 50),
    p95: percentile(values, 95),
    min: Math.min(...values),
    max: Math.max(...values),
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
  };
}

/** How many times slower `measured` is than `baseline`; undefined when the baseline is not positive. */
export function ratio(measured: number, baseline: number): number | undefined {
  return baseline > 0 ? measured / baseline : undefined;
}
