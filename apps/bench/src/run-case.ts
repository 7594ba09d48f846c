import { DEMO_SCHEMA } from '@quarry/demo-data';
import type { MetricQuery } from '@quarry/domain';

import type { BenchCase } from './bench-cases';
import type { DirectDuckDb } from './direct-duckdb';
import { compiledSql, runQueryOverHttp, v2FirstPage } from './http-query';
import { measure, type MeasureOptions, type Variant } from './measure';
import type { QuarryUnderBench } from './quarry-under-bench';
import { ratio, summarize, type TimingSummary } from './statistics';

export const VARIANTS = {
  direct: 'DuckDB direct (same SQL, in-process)',
  httpMiss: 'runQuery HTTP, cache miss (invalidateCache)',
  httpHit: 'runQuery HTTP, cache hit',
  v2FirstPage: 'v2 query → first page (uncached)',
} as const;
export type VariantId = keyof typeof VARIANTS;
type HttpVariantId = Exclude<VariantId, 'direct'>;

export interface CaseResult {
  id: string;
  title: string;
  exploreId: string;
  query: MetricQuery;
  sql: string;
  table: string;
  tableRows: number;
  resultRows: number;
  timingsMs: Record<VariantId, TimingSummary & { samplesMs: number[] }>;
  /** HTTP variant ÷ direct, at the median and at p95. */
  ratios: Record<HttpVariantId, { median: number | undefined; p95: number | undefined }>;
  /** HTTP variant's median − direct median, in milliseconds (negative: faster than DuckDB). */
  medianDifferenceMs: Record<HttpVariantId, number>;
}

function expectHttp(benchCase: BenchCase, resultRows: number, cacheHit: boolean, outcome: { rowCount: number; cacheHit: boolean }): void {
  if (outcome.cacheHit !== cacheHit) throw new Error(`${benchCase.id}: expected a cache ${cacheHit ? 'hit' : 'miss'}, got the other`);
  if (outcome.rowCount !== resultRows)
    throw new Error(`${benchCase.id}: runQuery gave ${outcome.rowCount} rows, DuckDB directly ${resultRows}`);
}

/** Times the three variants of one case and checks each answers with the same number of rows. */
export async function runCase(
  quarry: QuarryUnderBench,
  duckdb: DirectDuckDb,
  benchCase: BenchCase,
  options: MeasureOptions,
): Promise<CaseResult> {
  const sql = await compiledSql(quarry, benchCase);
  const tableRows = await duckdb.countRows(DEMO_SCHEMA, benchCase.table);
  const resultRows = await duckdb.run(sql);
  if (resultRows === 0) throw new Error(`${benchCase.id}: the query returned no rows; the benchmark would measure nothing`);
  // Primes the results cache (and checks the answer) so the hit variant hits from its first run.
  expectHttp(benchCase, resultRows, false, await runQueryOverHttp(quarry, benchCase, true));

  const variants: Array<Variant<VariantId>> = [
    {
      id: 'direct',
      run: async () => {
        const rows = await duckdb.run(sql);
        if (rows !== resultRows) throw new Error(`${benchCase.id}: DuckDB gave ${rows} rows, then ${resultRows}`);
      },
    },
    { id: 'httpMiss', run: async () => expectHttp(benchCase, resultRows, false, await runQueryOverHttp(quarry, benchCase, true)) },
    { id: 'httpHit', run: async () => expectHttp(benchCase, resultRows, true, await runQueryOverHttp(quarry, benchCase, false)) },
    { id: 'v2FirstPage', run: async () => expectHttp(benchCase, resultRows, false, await v2FirstPage(quarry, benchCase, 500)) },
  ];
  const samples = await measure(variants, options);
  const timingsMs = Object.fromEntries(
    (Object.keys(VARIANTS) as VariantId[]).map((id) => [id, { ...summarize(samples[id]), samplesMs: samples[id] }]),
  ) as CaseResult['timingsMs'];
  const versusDirect = (id: HttpVariantId) => ({
    median: ratio(timingsMs[id].median, timingsMs.direct.median),
    p95: ratio(timingsMs[id].p95, timingsMs.direct.p95),
  });
  return {
    id: benchCase.id,
    title: benchCase.title,
    exploreId: benchCase.exploreId,
    query: benchCase.query,
    sql,
    table: `${DEMO_SCHEMA}.${benchCase.table}`,
    tableRows,
    resultRows,
    timingsMs,
    ratios: { httpMiss: versusDirect('httpMiss'), httpHit: versusDirect('httpHit'), v2FirstPage: versusDirect('v2FirstPage') },
    medianDifferenceMs: {
      httpMiss: timingsMs.httpMiss.median - timingsMs.direct.median,
      httpHit: timingsMs.httpHit.median - timingsMs.direct.median,
      v2FirstPage: timingsMs.v2FirstPage.median - timingsMs.direct.median,
    },
  };
}
