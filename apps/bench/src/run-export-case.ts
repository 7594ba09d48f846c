import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DEMO_SCHEMA } from '@quarry/demo-data';
import type { MetricQuery } from '@quarry/domain';

import type { CleanupStack } from './cleanup-stack';
import { type DuckDbCopyProbe, probeDuckDbCopy } from './duckdb-copy-probe';
import type { ExportCase } from './export-cases';
import { withLimit } from './export-sql';
import { type CompletedExport, exportOverHttp } from './http-export';
import { compiledSql } from './http-query';
import { measure, type MeasureOptions, type Variant } from './measure';
import { MB, processMemory, sampleRss } from './process-memory';
import type { QuarryUnderBench } from './quarry-under-bench';
import { ratio, summarize, type TimingSummary } from './statistics';

export const EXPORT_VARIANTS = {
  copy: "the warehouse's COPY of the same SQL, run by the bench",
  export: 'E6 downloadCsv → job completed (worker)',
} as const;
export type ExportVariantId = keyof typeof EXPORT_VARIANTS;

/** What an export is timed against: the warehouse's own CSV writer on the same SQL, run directly by the bench. */
export interface ExportBaseline {
  /** How the report names it, in full and in the ratio table. */
  label: string;
  shortLabel: string;
  /** Writes the SQL's rows as CSV with a header into `target`; returns the rows written. */
  copyToCsv(sql: string, target: string): Promise<number>;
  countRows(schema: string, table: string): Promise<number>;
}

/** Issue 15's bound on the worker's peak resident memory during an export, of 1M rows or 10M. */
export const WORKER_RSS_LIMIT_MB = 200;

export interface ExportRun {
  /** Warm-up runs are recorded but not timed. */
  timed: boolean;
  wallMs: number;
  jobMs: number;
  rowsWritten: number;
  truncated: boolean;
  fileSizeBytes: number;
  /** Highest VmRSS sampled every 100 ms during this run. */
  peakRssMb: number;
}

export interface ExportCaseResult {
  id: string;
  title: string;
  exploreId: string;
  query: MetricQuery;
  onlyRaw: boolean;
  warehouse: 'duckdb' | 'postgres';
  /** What the export was timed against (`baseline.label`), and its short name. */
  baseline: string;
  baselineShort: string;
  csvLimit: number;
  /** What compileQuery (E5) gave; the export runs it with LIMIT csvLimit + 1, COPY with LIMIT csvLimit. */
  compiledSql: string;
  copySql: string;
  table: string;
  tableRows: number;
  rowsWritten: number;
  truncated: boolean;
  fileName: string;
  fileSizeBytes: number;
  copyRows: number;
  copyFileSizeBytes: number;
  timingsMs: Record<ExportVariantId, TimingSummary & { samplesMs: number[] }>;
  /** The job's own time (queued → completed, from its record), timed runs. */
  jobTimingsMs: TimingSummary & { samplesMs: number[] };
  /** Export ÷ COPY, at the median and at p95. */
  ratio: { median: number | undefined; p95: number | undefined };
  /** Issue 15's bound on the median ratio, when the case has one. */
  ratioTarget?: number;
  /**
   * DuckDB cases: DuckDB's own `COPY (same SQL) TO` a CSV file in a bare Node process with the
   * worker's DuckDB limits and allocator settings — what the export costs without Quarry.
   */
  copyWithinWorkerLimits?: DuckDbCopyProbe;
  /** Export ÷ copyWithinWorkerLimits, at the median: what Quarry adds to the engine's own work. */
  ratioWithinWorkerLimits?: number;
  worker: {
    pid: number;
    /** VmRSS of the fresh worker, ready and idle, before the first export. */
    idleRssMb: number;
    /** VmRSS once the last export completed: what the worker keeps resident afterwards. */
    afterRssMb: number;
    /** VmHWM after the case: the peak over the worker's whole life, i.e. over every export of this case. */
    peakRssMb: number;
    /** The highest VmRSS sampled every 100 ms during any export of this case. */
    sampledPeakRssMb: number;
    underLimit: boolean;
    limitMb: number;
  };
  runs: ExportRun[];
}

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * One export case on a fresh worker (so that its VmHWM covers this case only): its idle memory,
 * then warm-ups and timed runs of the E6 export and of DuckDB's COPY of the same SQL,
 * interleaved; the worker's memory sampled during every export; the worker stopped at the end.
 */
export async function runExportCase(
  quarry: QuarryUnderBench,
  baseline: ExportBaseline,
  exportCase: ExportCase,
  rows: number,
  options: MeasureOptions,
  cleanup: CleanupStack,
  say: (line: string) => void,
): Promise<ExportCaseResult> {
  rows = exportCase.rows ?? rows;
  const compiled = await compiledSql(quarry, exportCase);
  const copySql = withLimit(compiled, rows);
  const tableRows = await baseline.countRows(DEMO_SCHEMA, exportCase.table);
  const copyDir = mkdtempSync(join(tmpdir(), 'quarry-bench-copy-'));
  cleanup.push('remove the COPY files', () => rmSync(copyDir, { recursive: true, force: true }));

  // e.g. BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=tmp/bench/profiles" to profile the export workers.
  const nodeArgs = (process.env['BENCH_WORKER_NODE_ARGS'] ?? '').split(/\s+/).filter((arg) => arg !== '');
  // e.g. BENCH_WORKER_ENV="MALLOC_ARENA_MAX=2 DUCKDB_MEMORY_LIMIT=48MB" to try settings on the export workers.
  const extraEnv = Object.fromEntries(
    (process.env['BENCH_WORKER_ENV'] ?? '')
      .split(/\s+/)
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const worker = await quarry.startWorker(extraEnv, nodeArgs);
  const pid = worker.child.pid;
  if (pid === undefined) throw new Error('The worker has no pid');
  // Let start-up work (connections, first timers) settle before reading the idle figure.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idleRss = processMemory(pid).rss;
  say(`  fresh worker ${pid}: ${mb(idleRss)} MB resident when idle`);

  const runs: ExportRun[] = [];
  let lastExport: (CompletedExport & { fileSizeBytes: number }) | undefined;
  let copyRows = 0;
  let copyFileSizeBytes = 0;
  let copyRound = 0;
  // Timed here rather than by `measure`, so that removing each ≈ 100 MB file is not counted.
  const copyMs: number[] = [];
  const exportFile = (done: CompletedExport) => join(quarry.dataDir, 'files', 'exports', done.jobId, done.fileName);

  const variants: Array<Variant<ExportVariantId>> = [
    {
      id: 'copy',
      run: async () => {
        const target = join(copyDir, `copy-${(copyRound += 1)}.csv`);
        const started = performance.now();
        copyRows = await baseline.copyToCsv(copySql, target);
        copyMs.push(performance.now() - started);
        copyFileSizeBytes = statSync(target).size;
        rmSync(target, { force: true });
      },
    },
    {
      id: 'export',
      run: async () => {
        const sampler = sampleRss(pid, 100);
        const started = performance.now();
        let done: CompletedExport;
        let peak: { peakRss: number };
        try {
          done = await exportOverHttp(quarry, exportCase, rows);
        } finally {
          peak = sampler.stop();
        }
        const wallMs = performance.now() - started;
        const file = exportFile(done);
        const fileSizeBytes = statSync(file).size;
        // One file of ≈ 100 MB per run: keep DATA_DIR from filling up the disk.
        rmSync(join(quarry.dataDir, 'files', 'exports', done.jobId), { recursive: true, force: true });
        runs.push({
          timed: runs.length >= options.warmup,
          wallMs,
          jobMs: done.jobMs,
          rowsWritten: done.rowsWritten,
          truncated: done.truncated,
          fileSizeBytes,
          peakRssMb: mb(peak.peakRss),
        });
        lastExport = { ...done, fileSizeBytes };
        if (worker.child.exitCode !== null) throw new Error(`The worker exited during the export:\n${worker.output().slice(-2_000)}`);
      },
    },
  ];

  await measure(variants, options);
  const { hwm, rss: afterRss } = processMemory(pid);
  await worker.stop();
  if (!lastExport) throw new Error(`${exportCase.id}: no export ran`);
  let copyWithinWorkerLimits: DuckDbCopyProbe | undefined;
  if (exportCase.warehouse === undefined) {
    const probeRuns = exportCase.rows === undefined ? 3 : 1;
    say(
      `  DuckDB's COPY of the same SQL within the worker's limits, in a bare Node process (${probeRuns} run${probeRuns === 1 ? '' : 's'})…`,
    );
    copyWithinWorkerLimits = await probeDuckDbCopy(
      quarry.warehouseFile,
      copySql,
      join(copyDir, 'duckdb-spill'),
      join(copyDir, 'within-worker-limits.csv'),
      probeRuns,
    );
  }
  for (const run of runs) {
    if (run.rowsWritten !== copyRows)
      throw new Error(`${exportCase.id}: the export wrote ${run.rowsWritten} rows, DuckDB's COPY ${copyRows}`);
  }

  const timed = runs.filter((run) => run.timed);
  const samples: Record<ExportVariantId, number[]> = { copy: copyMs.slice(options.warmup), export: timed.map((run) => run.wallMs) };
  const timingsMs = Object.fromEntries(
    (Object.keys(EXPORT_VARIANTS) as ExportVariantId[]).map((id) => [id, { ...summarize(samples[id]), samplesMs: samples[id] }]),
  ) as ExportCaseResult['timingsMs'];
  const jobSamples = timed.map((run) => run.jobMs);
  const sampledPeak = Math.max(...runs.map((run) => run.peakRssMb));
  return {
    id: exportCase.id,
    title: exportCase.title,
    exploreId: exportCase.exploreId,
    query: exportCase.query,
    onlyRaw: exportCase.onlyRaw,
    warehouse: exportCase.warehouse ?? 'duckdb',
    baseline: baseline.label,
    baselineShort: baseline.shortLabel,
    csvLimit: rows,
    compiledSql: compiled,
    copySql,
    table: `${DEMO_SCHEMA}.${exportCase.table}`,
    tableRows,
    rowsWritten: lastExport.rowsWritten,
    truncated: lastExport.truncated,
    fileName: lastExport.fileName,
    fileSizeBytes: lastExport.fileSizeBytes,
    copyRows,
    copyFileSizeBytes,
    timingsMs,
    jobTimingsMs: { ...summarize(jobSamples), samplesMs: jobSamples },
    ratio: { median: ratio(timingsMs.export.median, timingsMs.copy.median), p95: ratio(timingsMs.export.p95, timingsMs.copy.p95) },
    ...(exportCase.ratioTarget === undefined ? {} : { ratioTarget: exportCase.ratioTarget }),
    ...(copyWithinWorkerLimits
      ? { copyWithinWorkerLimits, ratioWithinWorkerLimits: ratio(timingsMs.export.median, copyWithinWorkerLimits.ms) }
      : {}),
    worker: {
      pid,
      idleRssMb: mb(idleRss),
      afterRssMb: mb(afterRss),
      peakRssMb: mb(hwm),
      sampledPeakRssMb: sampledPeak,
      underLimit: mb(hwm) < WORKER_RSS_LIMIT_MB,
      limitMb: WORKER_RSS_LIMIT_MB,
    },
    runs,
  };
}
