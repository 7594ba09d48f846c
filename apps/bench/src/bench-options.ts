/** What one `npm run bench` does; every value has a flag and an environment variable. */
export interface BenchOptions {
  /** Demo dataset scale: 17 gives ≈ 10.2M events (the ≥ 10M-row table). */
  scale: number;
  /** Timed runs of each variant per case. */
  iterations: number;
  /** Untimed runs of each variant per case before timing. */
  warmup: number;
  /** Rebuild the cached demo warehouse even if one exists for this scale. */
  regenerate: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench -- [--scale N] [--iterations N] [--warmup N] [--regenerate]
  --scale N        demo dataset scale (default 17: ≈ 1.7M orders, ≈ 10.2M events)   env BENCH_SCALE
  --iterations N   timed runs per variant and case (default 30)                       env BENCH_ITERATIONS
  --warmup N       untimed runs per variant and case first (default 5)                env BENCH_WARMUP
  --regenerate     rebuild the cached warehouse under tmp/bench/warehouses`;

const DEFAULTS = { scale: 17, iterations: 30, warmup: 5 };

function numberOption(name: string, text: string | undefined, fallback: number, kind: 'positive number' | 'positive integer' | 'integer ≥ 0'): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  const valid = Number.isFinite(value) && (kind === 'positive number' || Number.isInteger(value)) && (kind === 'integer ≥ 0' ? value >= 0 : value > 0);
  if (!valid) throw new Error(`${name} must be a ${kind}, got "${text}"`);
  return value;
}

/** Reads flags (`--iterations 10` or `--iterations=10`), falling back to BENCH_* variables, then defaults. */
export function parseBenchOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const flags = new Map<string, string>();
  let regenerate = env['BENCH_REGENERATE'] === '1';
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--regenerate') {
      regenerate = true;
      continue;
    }
    const match = /^--(scale|iterations|warmup)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument "${arg}"\n${BENCH_USAGE}`);
    const value = match[2] ?? argv[(index += 1)];
    if (value === undefined) throw new Error(`--${match[1]} needs a value\n${BENCH_USAGE}`);
    flags.set(match[1] as string, value);
  }
  return {
    scale: numberOption('scale', flags.get('scale') ?? env['BENCH_SCALE'], DEFAULTS.scale, 'positive number'),
    iterations: numberOption('iterations', flags.get('iterations') ?? env['BENCH_ITERATIONS'], DEFAULTS.iterations, 'positive integer'),
    warmup: numberOption('warmup', flags.get('warmup') ?? env['BENCH_WARMUP'], DEFAULTS.warmup, 'integer ≥ 0'),
    regenerate,
  };
}
