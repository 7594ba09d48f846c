import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';
import { compile, matchPreAggregate } from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import type { Explore, MetricQuery } from '@quarry/domain';
import { call, waitFor } from '@quarry/testing';
import { Client } from 'pg';

import type { CleanupStack } from './cleanup-stack';
import { createProject } from './create-project';
import { measure, type MeasureOptions, type Variant } from './measure';
import { EVENTS_PROJECT_FILES, loadEventsIntoPostgres } from './postgres-events';
import type { QuarryUnderBench } from './quarry-under-bench';
import { ratio, summarize, type TimingSummary } from './statistics';
import { timedCall } from './timed-call';

export const PRE_AGGREGATE_VARIANTS = {
  warehouse: 'runQuery, PostgreSQL (usePreAggregateCache: false)',
  preAggregate: 'runQuery, answered from the pre-aggregate',
  direct: 'DuckDB direct on the rollup (same SQL, in-process)',
  cacheHit: 'runQuery, results-cache hit (HTTP floor)',
} as const;
export type PreAggregateVariantId = keyof typeof PRE_AGGREGATE_VARIANTS;

/** A dashboard tile: web events by type and month, from a rollup stored by day. */
const DASHBOARD_QUERY: MetricQuery = {
  exploreName: 'events',
  dimensions: ['events_event_type', 'events_occurred_at_month'],
  metrics: ['events_event_count'],
  filters: {
    dimensions: {
      id: 'platform',
      and: [{ id: 'platform-web', target: { fieldId: 'events_platform' }, operator: 'equals', values: ['web'] }],
    },
  },
  sorts: [
    { fieldId: 'events_occurred_at_month', descending: false },
    { fieldId: 'events_event_type', descending: false },
  ],
  limit: 500,
  tableCalculations: [],
};

export interface PreAggregateCaseResult {
  id: 'pre-aggregate';
  title: string;
  query: MetricQuery;
  tableRows: number;
  resultRows: number;
  loadMs: number;
  build: { rows: number; bytes: number; durationMs: number };
  rollupSql: string;
  timingsMs: Record<PreAggregateVariantId, TimingSummary & { samplesMs: number[] }>;
  /** Warehouse ÷ pre-aggregate at the median (target ≥ 20). */
  speedup: number | undefined;
  /** Pre-aggregate median − direct median, in ms (target ≤ 2). */
  overDirectMs: number;
  /** Pre-aggregate median − (direct median + what runQuery costs when it runs no query at all: a results-cache hit). */
  overDirectAndHttpMs: number;
}

interface Outcome {
  rows: unknown[];
  preAggregate?: { hit: boolean; name?: string; reason?: string };
  cacheMetadata: { cacheHit: boolean; preAggregate?: { hit: boolean } };
}

/** How many times more runs the millisecond variants get than the warehouse query. */
const FAST_RUNS_FACTOR = 10;

async function runQuery(quarry: QuarryUnderBench, projectUuid: string, body: Record<string, unknown>): Promise<Outcome> {
  const response = await timedCall(quarry.baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/events/runQuery`, {
    token: quarry.token,
    body: { ...DASHBOARD_QUERY, invalidateCache: true, ...body },
  });
  if (response.status !== 200) throw new Error(`runQuery answered ${response.status}: ${JSON.stringify(response.body)}`);
  const { rows, cacheMetadata } = response.body.results as { rows: unknown[]; cacheMetadata: Outcome['cacheMetadata'] };
  return { rows, preAggregate: cacheMetadata.preAggregate, cacheMetadata };
}

/** The same SQL the API runs on its embedded DuckDB, values inline: built from the stored explore and the served build's file. */
async function rollupSql(databaseUrl: string, projectUuid: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const explores = await client.query<{ explore: Explore }>(
      `SELECT explore FROM project_explores WHERE project_uuid = $1 AND explore_name = 'events'`,
      [projectUuid],
    );
    const builds = await client.query<{ name: string; file_path: string }>(
      `SELECT p.name, b.file_path FROM pre_aggregates p JOIN pre_aggregate_builds b ON b.build_uuid = p.current_build_uuid ` +
        `WHERE p.project_uuid = $1`,
      [projectUuid],
    );
    const explore = explores.rows[0]?.explore;
    if (!explore) throw new Error('the events explore is not stored');
    const rollups = builds.rows.map((row) => ({
      definition: (explore.preAggregates ?? []).find((definition) => definition.name === row.name) as NonNullable<
        Explore['preAggregates']
      >[number],
      relationSql: `read_parquet('${row.file_path.replace(/'/g, "''")}')`,
    }));
    const match = matchPreAggregate(explore, DASHBOARD_QUERY, {}, rollups);
    if (!match.hit) throw new Error(`the dashboard query does not match the rollup: ${match.reason}`);
    return compile(match.explore, match.query, dialectFor('duckdb'), {}, { inlineParams: true }).sql;
  } finally {
    await client.end();
  }
}

/**
 * The demo's ~10M events in PostgreSQL, a project on them with a daily pre-aggregate, its build
 * awaited (a worker runs only for it); then the dashboard query timed on the warehouse, from the
 * pre-aggregate, and as the rollup SQL directly on DuckDB in this process.
 */
export async function runPreAggregateCase(
  quarry: QuarryUnderBench,
  warehouseFile: string,
  options: MeasureOptions,
  cleanup: CleanupStack,
  say: (line: string) => void,
): Promise<PreAggregateCaseResult> {
  const events = await loadEventsIntoPostgres(warehouseFile, cleanup, say);
  say(`${events.rows.toLocaleString('en-US')} events loaded in ${(events.loadMs / 1000).toFixed(1)} s.`);
  const projectDir = join(quarry.organizationFolder, 'projects', 'bench-events');
  for (const [file, text] of Object.entries(EVENTS_PROJECT_FILES)) {
    mkdirSync(dirname(join(projectDir, file)), { recursive: true });
    writeFileSync(join(projectDir, file), text);
  }
  const database = new URL(events.database.url).pathname.slice(1);
  const worker = await quarry.startWorker();
  let projectUuid: string;
  let build: PreAggregateCaseResult['build'];
  try {
    ({ projectUuid } = await createProject(quarry.baseUrl, quarry.token, {
      name: 'Events on PostgreSQL',
      warehouseConnection: {
        type: 'postgres',
        host: '127.0.0.1',
        port: 5432,
        user: 'postgres',
        password: 'x',
        dbname: database,
        schema: 'shop',
      },
      projectDir: 'projects/bench-events',
    }));
    say('Waiting for the compile and the pre-aggregate build…');
    build = await waitFor(
      'the pre-aggregate build',
      async () => {
        const status = await call(quarry.baseUrl, 'GET', `/api/v1/projects/${projectUuid}/pre-aggregates`, { token: quarry.token });
        const current = (
          status.body.results as
            | Array<{ lastBuild: { status: string; error: string | null; rows: number; bytes: number; durationMs: number } | null }>
            | undefined
        )?.[0]?.lastBuild;
        if (current?.status === 'failed') throw new Error(`The build failed: ${current.error ?? ''}`);
        return current?.status === 'ready' ? { rows: current.rows, bytes: current.bytes, durationMs: current.durationMs } : undefined;
      },
      600_000,
      500,
    );
  } finally {
    await worker.stop();
  }
  say(`Rollup built: ${build.rows.toLocaleString('en-US')} rows, ${(build.bytes / 1e6).toFixed(2)} MB, ${build.durationMs} ms.`);

  const sql = await rollupSql(quarry.databaseUrl, projectUuid);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const direct = async () => (await (await connection.run(sql)).getRows()).length;
    const fromWarehouse = await runQuery(quarry, projectUuid, { usePreAggregateCache: false });
    const fromRollup = await runQuery(quarry, projectUuid, {});
    if (!fromRollup.preAggregate?.hit)
      throw new Error(`the pre-aggregate did not serve the query: ${JSON.stringify(fromRollup.preAggregate)}`);
    if (JSON.stringify(fromRollup.rows) !== JSON.stringify(fromWarehouse.rows))
      throw new Error('the pre-aggregate and the warehouse answered differently');
    const resultRows = fromRollup.rows.length;
    if ((await direct()) !== resultRows) throw new Error('DuckDB directly gave another row count');
    say(
      `Pre-aggregate case: ${options.warmup} warm-ups and ${options.iterations} timed runs of the warehouse ` +
        `query, ${options.warmup * FAST_RUNS_FACTOR} and ${options.iterations * FAST_RUNS_FACTOR} of the others…`,
    );
    const warehouse: Variant<'warehouse'> = {
      id: 'warehouse',
      run: async () => void (await runQuery(quarry, projectUuid, { usePreAggregateCache: false })),
    };
    const fast: Array<Variant<Exclude<PreAggregateVariantId, 'warehouse'>>> = [
      {
        id: 'preAggregate',
        run: async () => {
          if (!(await runQuery(quarry, projectUuid, {})).preAggregate?.hit) throw new Error('the pre-aggregate stopped serving the query');
        },
      },
      { id: 'direct', run: async () => void (await direct()) },
      {
        id: 'cacheHit',
        run: async () => {
          if (!(await runQuery(quarry, projectUuid, { invalidateCache: false })).cacheMetadata.cacheHit)
            throw new Error('expected a results-cache hit');
        },
      },
    ];
    // The warehouse query keeps both cores busy for a second or more: timed apart, so that the
    // millisecond variants compared with one another never run in its wake. Those take ten times
    // the runs (a few seconds in all), so that a millisecond's difference is not noise.
    const fastOptions = { iterations: options.iterations * FAST_RUNS_FACTOR, warmup: options.warmup * FAST_RUNS_FACTOR };
    const samples = { ...(await measure([warehouse], options)), ...(await measure(fast, fastOptions)) };
    const timingsMs = Object.fromEntries(
      (Object.keys(PRE_AGGREGATE_VARIANTS) as PreAggregateVariantId[]).map((id) => [
        id,
        { ...summarize(samples[id]), samplesMs: samples[id] },
      ]),
    ) as PreAggregateCaseResult['timingsMs'];
    return {
      id: 'pre-aggregate',
      title: 'Dashboard on PostgreSQL: web events by type and month, pre-aggregated by day',
      query: DASHBOARD_QUERY,
      tableRows: events.rows,
      resultRows,
      loadMs: Math.round(events.loadMs),
      build,
      rollupSql: sql,
      timingsMs,
      speedup: ratio(timingsMs.warehouse.median, timingsMs.preAggregate.median),
      overDirectMs: timingsMs.preAggregate.median - timingsMs.direct.median,
      overDirectAndHttpMs: timingsMs.preAggregate.median - timingsMs.direct.median - timingsMs.cacheHit.median,
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
