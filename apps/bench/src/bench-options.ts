/**
 * The cases one run can take: the two runQuery cases, the SQL API beside runQuery, the 1M-row export in both layouts, the 10M-row
 * raw export, the raw export from PostgreSQL and the pre-aggregate on PostgreSQL.
 */
export const CASE_IDS = [
  'small',
  'aggregate',
  'throughput',
  'sql-api',
  'export-formatted',
  'export-raw',
  'export-raw-10m',
  'export-raw-postgres',
  'export-formatted-postgres',
  'pre-aggregate',
] as const;
export type CaseId = (typeof CASE_IDS)[number];

/** What one `npm run bench` does; every value has a flag and an environment variable. */
export interface BenchOptions {
  /** Demo dataset scale: 17 gives ≈ 10.2M events (the ≥ 10M-row table). */
  scale: number;
  /** Timed runs of each variant per case. */
  iterations: number;
  /** Untimed runs of each variant per case before timing. */
  warmup: number;
  /** Timed runs of each variant of the export cases (an export of 1M rows takes seconds). */
  exportIterations: number;
  /** Untimed runs of each variant of the export cases before timing. */
  exportWarmup: number;
  /** Rows each export writes (its csvLimit; the COPY baseline's LIMIT). */
  exportRows: number;
  /** Concurrent connections of the throughput case. */
  connections: number;
  /** Seconds of load per target in the throughput case. */
  loadSeconds: number;
  /** The cases to run, in this order. */
  cases: CaseId[];
  /** Rebuild the cached demo warehouse even if one exists for this scale. */
  regenerate: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench -- [--scale N] [--iterations N] [--warmup N] [--export-iterations N] [--export-warmup N]
                       [--export-rows N] [--connections N] [--load-seconds N] [--cases a,b,…] [--regenerate]
  --scale N              demo dataset scale (default 17: ≈ 1.7M orders, ≈ 10.2M events)   env BENCH_SCALE
  --iterations N         timed runs per variant, runQuery cases (default 30)               env BENCH_ITERATIONS
  --warmup N             untimed runs per variant first, runQuery cases (default 5)        env BENCH_WARMUP
  --export-iterations N  timed runs per variant, export cases (default 3)                  env BENCH_EXPORT_ITERATIONS
  --export-warmup N      untimed runs per variant first, export cases (default 1)          env BENCH_EXPORT_WARMUP
  --export-rows N        rows per export: its csvLimit and COPY's LIMIT (default 1000000)  env BENCH_EXPORT_ROWS
  --connections N        concurrent connections, throughput case (default 64)              env BENCH_CONNECTIONS
  --load-seconds N       seconds of load per endpoint, throughput case (default 10)        env BENCH_LOAD_SECONDS
  --cases a,b,…          which cases, of ${CASE_IDS.join(', ')} (default all)   env BENCH_CASES
  --regenerate           rebuild the cached warehouse under tmp/bench/warehouses
  env BENCH_WORKER_NODE_ARGS: node arguments for the export cases' workers, e.g. "--cpu-prof --cpu-prof-dir=tmp/bench/profiles"
  env BENCH_API_NODE_ARGS: node arguments for the API, e.g. "--cpu-prof --cpu-prof-dir=tmp/bench/profiles"`;

const DEFAULTS = {
  scale: 17,
  iterations: 30,
  warmup: 5,
  exportIterations: 3,
  exportWarmup: 1,
  exportRows: 1_000_000,
  connections: 64,
  loadSeconds: 10,
};

function numberOption(
  name: string,
  text: string | undefined,
  fallback: number,
  kind: 'positive number' | 'positive integer' | 'integer ≥ 0',
): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  const valid =
    Number.isFinite(value) && (kind === 'positive number' || Number.isInteger(value)) && (kind === 'integer ≥ 0' ? value >= 0 : value > 0);
  if (!valid) throw new Error(`${name} must be a ${kind}, got "${text}"`);
  return value;
}

function casesOption(text: string | undefined): CaseId[] {
  if (text === undefined || text === '') return [...CASE_IDS];
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const unknown = ids.filter((id) => !(CASE_IDS as readonly string[]).includes(id));
  if (unknown.length > 0 || ids.length === 0)
    throw new Error(`cases must be a comma-separated list of ${CASE_IDS.join(', ')}, got "${text}"`);
  return CASE_IDS.filter((id) => ids.includes(id));
}

const VALUE_FLAGS = [
  'scale',
  'iterations',
  'warmup',
  'export-iterations',
  'export-warmup',
  'export-rows',
  'connections',
  'load-seconds',
  'cases',
] as const;
const VALUE_FLAG = new RegExp(`^--(${VALUE_FLAGS.join('|')})(?:=(.*))?$`);

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
    const match = VALUE_FLAG.exec(arg);
    if (!match) throw new Error(`Unknown argument "${arg}"\n${BENCH_USAGE}`);
    const value = match[2] ?? argv[(index += 1)];
    if (value === undefined) throw new Error(`--${match[1]} needs a value\n${BENCH_USAGE}`);
    flags.set(match[1] as string, value);
  }
  const option = (flag: (typeof VALUE_FLAGS)[number]) => flags.get(flag) ?? env[`BENCH_${flag.toUpperCase().replace(/-/g, '_')}`];
  return {
    scale: numberOption('scale', option('scale'), DEFAULTS.scale, 'positive number'),
    iterations: numberOption('iterations', option('iterations'), DEFAULTS.iterations, 'positive integer'),
    warmup: numberOption('warmup', option('warmup'), DEFAULTS.warmup, 'integer ≥ 0'),
    exportIterations: numberOption('export-iterations', option('export-iterations'), DEFAULTS.exportIterations, 'positive integer'),
    exportWarmup: numberOption('export-warmup', option('export-warmup'), DEFAULTS.exportWarmup, 'integer ≥ 0'),
    exportRows: numberOption('export-rows', option('export-rows'), DEFAULTS.exportRows, 'positive integer'),
    connections: numberOption('connections', option('connections'), DEFAULTS.connections, 'positive integer'),
    loadSeconds: numberOption('load-seconds', option('load-seconds'), DEFAULTS.loadSeconds, 'positive integer'),
    cases: casesOption(option('cases')),
    regenerate,
  };
}
