import autocannon from 'autocannon';
import { Client, type QueryConfig } from 'pg';

import { BENCH_CASES, type BenchCase } from './bench-cases';
import { runQueryOverHttp } from './http-query';
import { measure, type MeasureOptions } from './measure';
import { processCpuMicros } from './process-memory';
import type { QuarryUnderBench } from './quarry-under-bench';
import { percentile, summarize, type TimingSummary } from './statistics';

/** Issue 34's bounds: the SQL API beside runQuery on the same query, in the same run. */
export const SQL_API_TARGETS = {
  /** SQL API median − runQuery (cache hit) median, in ms. */
  p50OverRunQueryMs: 1,
  /** SQL API queries/s ÷ cached runQuery requests/s, 64 connections each. */
  throughputShare: 0.9,
} as const;

export const SQL_API_VARIANTS = {
  runQueryHit: 'runQuery HTTP, cache hit',
  sqlApiHit: 'SQL API: pg prepared statement ($1), cache hit',
} as const;
export type SqlApiVariantId = keyof typeof SQL_API_VARIANTS;

/** The bound value: every category but this one. */
const EXCLUDED_CATEGORY = 'Electronics';

/**
 * The small case with a bound filter, as SQL (a named statement, its value a `$1` parameter) and as
 * the MetricQuery the translator makes of it (`<>` keeps NULLs out, text compares case-sensitively).
 */
const SQL_TEXT =
  'SELECT products_category, products_product_count, products_average_list_price FROM products ' +
  'WHERE products_category <> $1 GROUP BY products_category ORDER BY products_category LIMIT 10';

function filteredSmallCase(): BenchCase {
  const small = BENCH_CASES.find((benchCase) => benchCase.id === 'small');
  if (!small) throw new Error('The small case is missing');
  const target = { fieldId: 'products_category' };
  return {
    ...small,
    id: 'sql-api',
    title: `Small, WHERE products_category <> $1 ('${EXCLUDED_CATEGORY}')`,
    query: {
      ...small.query,
      filters: {
        dimensions: {
          id: 'sql_1',
          and: [
            { id: 'sql_2', target, operator: 'notEquals', values: [EXCLUDED_CATEGORY], caseSensitive: true },
            { id: 'sql_3', target, operator: 'notNull' },
          ],
        },
      },
    },
  };
}

export interface LoadFigures {
  /** Requests that failed or timed out (a SQL API error is fatal instead: it would be a wrong answer). */
  errors: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** The API process's CPU time (user + system) per request: steadier than requests/s on a shared machine. */
  apiCpuMicrosPerRequest: number;
}

export interface SqlApiCaseResult {
  title: string;
  sql: string;
  resultRows: number;
  timingsMs: Record<SqlApiVariantId, TimingSummary & { samplesMs: number[] }>;
  /** SQL API median − runQuery median, in ms. */
  p50DifferenceMs: number;
  connections: number;
  loadSeconds: number;
  throughput: Record<SqlApiVariantId, LoadFigures>;
  /** SQL API requests/s ÷ runQuery requests/s. */
  throughputShare: number;
}

/**
 * Sub-millisecond goal: many more timed runs than the other cases (each costs ≈ 3 ms), so that
 * the medians are steady to a tenth of a millisecond.
 */
const LATENCY_RUNS_PER_ITERATION = 10;

async function connect(quarry: QuarryUnderBench): Promise<Client> {
  const client = new Client({
    host: '127.0.0.1',
    port: quarry.sqlApiPort,
    user: 'bench',
    password: quarry.token,
    database: quarry.projectUuid,
  });
  await client.connect();
  return client;
}

/** The named statement: parsed once per connection by the server, then only bound and executed. */
const STATEMENT: QueryConfig = { name: 'bench_small', text: SQL_TEXT, values: [EXCLUDED_CATEGORY] };

async function sqlApiRows(client: Client): Promise<number> {
  return (await client.query(STATEMENT)).rowCount ?? 0;
}

function expectRows(variant: SqlApiVariantId, rows: number, expected: number): void {
  if (rows !== expected) throw new Error(`sql-api: ${variant} gave ${rows} rows, runQuery first ${expected}`);
}

function autocannonRun(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** `connections` pg clients, each running the prepared statement back to back for `seconds`. */
async function pgLoad(
  clients: readonly Client[],
  seconds: number,
  expected: number,
): Promise<{ completed: number; latenciesMs: number[] }> {
  const latenciesMs: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        expectRows('sqlApiHit', await sqlApiRows(client), expected);
        latenciesMs.push(performance.now() - started);
      }
    }),
  );
  return { completed: latenciesMs.length, latenciesMs };
}

async function throughputOfRunQuery(
  quarry: QuarryUnderBench,
  benchCase: BenchCase,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const request: autocannon.Options = {
    url: `${quarry.baseUrl}/api/v1/projects/${quarry.projectUuid}/explores/${benchCase.exploreId}/runQuery`,
    method: 'POST',
    headers: { authorization: `ApiKey ${quarry.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(benchCase.query),
    connections,
  };
  await autocannonRun({ ...request, duration: 1 });
  const cpuBefore = processCpuMicros(quarry.apiPid);
  const result = await autocannonRun({ ...request, duration: seconds });
  const cpuMicros = processCpuMicros(quarry.apiPid) - cpuBefore;
  if (result.non2xx > 0) throw new Error(`sql-api: runQuery gave ${result.non2xx} non-2xx answers under load`);
  return {
    // Requests that never completed (autocannon's timeouts, 10 s, on a machine whose other tenants take the CPU) are counted, not fatal.
    errors: result.errors,
    // Completed requests over the measured time, as the SQL API's figure is counted.
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    apiCpuMicrosPerRequest: Math.round(cpuMicros / Math.max(1, result.requests.total)),
  };
}

async function throughputOfSqlApi(quarry: QuarryUnderBench, connections: number, seconds: number, expected: number): Promise<LoadFigures> {
  const clients = await Promise.all(Array.from({ length: connections }, () => connect(quarry)));
  try {
    await pgLoad(clients, 1, expected);
    const cpuBefore = processCpuMicros(quarry.apiPid);
    const started = performance.now();
    const { completed, latenciesMs } = await pgLoad(clients, seconds, expected);
    const elapsedSeconds = (performance.now() - started) / 1000;
    const cpuMicros = processCpuMicros(quarry.apiPid) - cpuBefore;
    return {
      errors: 0,
      requestsPerSecond: Math.round(completed / elapsedSeconds),
      latencyP50Ms: percentile(latenciesMs, 50),
      latencyP99Ms: percentile(latenciesMs, 99),
      apiCpuMicrosPerRequest: Math.round(cpuMicros / Math.max(1, completed)),
    };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * The small query with a bound filter value through the SQL API (node-postgres, a named prepared
 * statement) beside runQuery on the same MetricQuery, both answered from the results cache: p50
 * latency from one connection each (interleaved runs), then throughput under `connections`.
 */
export async function runSqlApiCase(
  quarry: QuarryUnderBench,
  options: MeasureOptions & { connections: number; loadSeconds: number },
  say: (line: string) => void,
): Promise<SqlApiCaseResult> {
  const benchCase = filteredSmallCase();
  // Primes the results cache (both paths read it) and fixes the expected row count.
  const primed = await runQueryOverHttp(quarry, benchCase, true);
  const expected = primed.rowCount;
  if (expected === 0) throw new Error('sql-api: the query returned no rows; the benchmark would measure nothing');
  const client = await connect(quarry);
  let samples: Record<SqlApiVariantId, number[]>;
  try {
    expectRows('sqlApiHit', await sqlApiRows(client), expected);
    say(`  latency: ${options.warmup} warm-ups, ${options.iterations * LATENCY_RUNS_PER_ITERATION} timed runs per variant…`);
    samples = await measure<SqlApiVariantId>(
      [
        {
          id: 'runQueryHit',
          run: async () => {
            const outcome = await runQueryOverHttp(quarry, benchCase, false);
            if (!outcome.cacheHit) throw new Error('sql-api: runQuery missed the results cache');
            expectRows('runQueryHit', outcome.rowCount, expected);
          },
        },
        { id: 'sqlApiHit', run: async () => expectRows('sqlApiHit', await sqlApiRows(client), expected) },
      ],
      { warmup: options.warmup, iterations: options.iterations * LATENCY_RUNS_PER_ITERATION },
    );
  } finally {
    await client.end();
  }
  const timingsMs = Object.fromEntries(
    (Object.keys(SQL_API_VARIANTS) as SqlApiVariantId[]).map((id) => [id, { ...summarize(samples[id]), samplesMs: samples[id] }]),
  ) as SqlApiCaseResult['timingsMs'];

  say(
    `  medians: runQuery ${timingsMs.runQueryHit.median.toFixed(2)} ms, SQL API ${timingsMs.sqlApiHit.median.toFixed(2)} ms (p95 ` +
      `${timingsMs.runQueryHit.p95.toFixed(2)} / ${timingsMs.sqlApiHit.p95.toFixed(2)} ms)`,
  );
  say(`  ${SQL_API_VARIANTS.runQueryHit}: ${options.connections} connections for ${options.loadSeconds} s…`);
  const runQueryLoad = await throughputOfRunQuery(quarry, benchCase, options.connections, options.loadSeconds);
  say(`  ${SQL_API_VARIANTS.sqlApiHit}: ${options.connections} clients for ${options.loadSeconds} s…`);
  const sqlApiLoad = await throughputOfSqlApi(quarry, options.connections, options.loadSeconds, expected);
  return {
    title: benchCase.title,
    sql: SQL_TEXT,
    resultRows: expected,
    timingsMs,
    p50DifferenceMs: timingsMs.sqlApiHit.median - timingsMs.runQueryHit.median,
    connections: options.connections,
    loadSeconds: options.loadSeconds,
    throughput: { runQueryHit: runQueryLoad, sqlApiHit: sqlApiLoad },
    throughputShare: Math.round((sqlApiLoad.requestsPerSecond / runQueryLoad.requestsPerSecond) * 100) / 100,
  };
}
