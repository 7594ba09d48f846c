import { call } from '@quarry/testing';

import type { BenchCase } from './bench-cases';
import type { QuarryUnderBench } from './quarry-under-bench';
import { timedCall } from './timed-call';

export interface HttpQueryOutcome {
  rowCount: number;
  cacheHit: boolean;
}

/** What names a query on the demo project: any case, runQuery or export. */
type ExploreQuery = Pick<BenchCase, 'id' | 'exploreId' | 'query'>;

function explorePath(quarry: QuarryUnderBench, benchCase: ExploreQuery, endpoint: 'runQuery' | 'compileQuery'): string {
  return `/api/v1/projects/${quarry.projectUuid}/explores/${benchCase.exploreId}/${endpoint}`;
}

/** E5: the SQL Quarry runs for the case, values inline — what the direct variant runs on DuckDB. */
export async function compiledSql(quarry: QuarryUnderBench, benchCase: ExploreQuery): Promise<string> {
  const response = await call(quarry.baseUrl, 'POST', explorePath(quarry, benchCase, 'compileQuery'), {
    token: quarry.token,
    body: benchCase.query,
  });
  if (response.status !== 200)
    throw new Error(`compileQuery (${benchCase.id}) answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.results.query as string;
}

/** E4 over HTTP, timed by the caller from request to parsed JSON body. */
export async function runQueryOverHttp(
  quarry: QuarryUnderBench,
  benchCase: BenchCase,
  invalidateCache: boolean,
): Promise<HttpQueryOutcome> {
  const response = await timedCall(quarry.baseUrl, 'POST', explorePath(quarry, benchCase, 'runQuery'), {
    token: quarry.token,
    body: invalidateCache ? { ...benchCase.query, invalidateCache: true } : benchCase.query,
  });
  if (response.status !== 200) throw new Error(`runQuery (${benchCase.id}) answered ${response.status}: ${JSON.stringify(response.body)}`);
  const results = response.body.results as { rows: unknown[]; cacheMetadata: { cacheHit: boolean } };
  return { rowCount: results.rows.length, cacheHit: results.cacheMetadata.cacheHit };
}

/**
 * A v2 query (POST …/query/metric-query, uncached) until its first page of results is readable —
 * polled every 5 ms, as a client eager for the first rows would.
 */
export async function v2FirstPage(quarry: QuarryUnderBench, benchCase: BenchCase, pageSize: number): Promise<HttpQueryOutcome> {
  const base = `/api/v2/projects/${quarry.projectUuid}/query`;
  const started = await timedCall(quarry.baseUrl, 'POST', `${base}/metric-query`, {
    token: quarry.token,
    body: { query: { ...benchCase.query, exploreName: benchCase.exploreId }, invalidateCache: true },
  });
  if (started.status !== 200)
    throw new Error(`v2 metric-query (${benchCase.id}) answered ${started.status}: ${JSON.stringify(started.body)}`);
  const queryUuid = started.body.results.queryUuid as string;
  for (;;) {
    const page = await timedCall(quarry.baseUrl, 'GET', `${base}/${queryUuid}?page=1&pageSize=${pageSize}`, { token: quarry.token });
    if (page.status !== 200) throw new Error(`v2 results (${benchCase.id}) answered ${page.status}: ${JSON.stringify(page.body)}`);
    const results = page.body.results as { status: string; rows?: unknown[]; totalResults?: number; error?: string };
    if (results.status === 'ready') return { rowCount: results.totalResults ?? 0, cacheHit: false };
    if (results.status !== 'pending') throw new Error(`v2 query (${benchCase.id}) ended ${results.status}: ${results.error ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
