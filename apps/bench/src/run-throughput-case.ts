import autocannon from 'autocannon';

import { BENCH_CASES } from './bench-cases';
import { processCpuMicros } from './process-memory';
import type { QuarryUnderBench } from './quarry-under-bench';

export const THROUGHPUT_TARGETS = {
  trivial: 'GET /api/v1/user (token check + one row): the floor',
  compileQuery: 'POST compileQuery (E5), small query',
  runQueryHit: 'POST runQuery (E4), small query, cache hit',
} as const;
export type ThroughputTargetId = keyof typeof THROUGHPUT_TARGETS;

export interface ThroughputResult {
  connections: number;
  durationSeconds: number;
  /**
   * Per target: requests per second (mean), latency p50/p99 in ms, non-2xx and errors, and the API
   * process's CPU time per request (user + system, from /proc): steadier than requests per second
   * on a machine whose other tenants take CPU away.
   */
  targets: Record<
    ThroughputTargetId,
    {
      requestsPerSecond: number;
      latencyP50Ms: number;
      latencyP99Ms: number;
      non2xx: number;
      errors: number;
      apiCpuMicrosPerRequest: number;
    }
  >;
  /** requests/s of each target ÷ requests/s of the trivial endpoint. */
  ratios: Record<Exclude<ThroughputTargetId, 'trivial'>, number>;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Load from one client (autocannon, `connections` keep-alive connections, pipelining 1) against
 * each target of the same server in turn; ratios to the trivial endpoint say what the work of
 * compiling or answering from the cache costs on top of the server's floor.
 */
export async function runThroughputCase(
  quarry: QuarryUnderBench,
  connections: number,
  durationSeconds: number,
  say: (line: string) => void,
): Promise<ThroughputResult> {
  const small = BENCH_CASES.find((benchCase) => benchCase.id === 'small');
  if (!small) throw new Error('The small case is missing');
  const headers = { authorization: `ApiKey ${quarry.token}`, 'content-type': 'application/json' };
  const explore = `/api/v1/projects/${quarry.projectUuid}/explores/${small.exploreId}`;
  const body = JSON.stringify(small.query);
  const requests: Record<ThroughputTargetId, autocannon.Options> = {
    trivial: { url: `${quarry.baseUrl}/api/v1/user`, method: 'GET', headers },
    compileQuery: { url: `${quarry.baseUrl}${explore}/compileQuery`, method: 'POST', headers, body },
    runQueryHit: { url: `${quarry.baseUrl}${explore}/runQuery`, method: 'POST', headers, body },
  };
  // Primes the results cache so that every runQuery of the load is a hit.
  await fetch(requests.runQueryHit.url as string, { method: 'POST', headers, body });

  const targets = {} as ThroughputResult['targets'];
  for (const id of Object.keys(THROUGHPUT_TARGETS) as ThroughputTargetId[]) {
    say(`  ${THROUGHPUT_TARGETS[id]}: ${connections} connections for ${durationSeconds} s…`);
    // A short warm-up, untimed, so the JIT and connection pools are ready.
    await run({ ...requests[id], connections, duration: 1 });
    const cpuBefore = processCpuMicros(quarry.apiPid);
    const result = await run({ ...requests[id], connections, duration: durationSeconds });
    const cpuMicros = processCpuMicros(quarry.apiPid) - cpuBefore;
    targets[id] = {
      apiCpuMicrosPerRequest: Math.round(cpuMicros / Math.max(1, result.requests.total)),
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${id}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  const versus = (id: Exclude<ThroughputTargetId, 'trivial'>) =>
    Math.round((targets[id].requestsPerSecond / targets.trivial.requestsPerSecond) * 100) / 100;
  return { connections, durationSeconds, targets, ratios: { compileQuery: versus('compileQuery'), runQueryHit: versus('runQueryHit') } };
}
