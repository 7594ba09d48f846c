import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

import type { BenchOptions } from './bench-options';
import { preAggregateVerdicts } from './pre-aggregate-targets';
import { queryPathVerdicts, throughputVerdict } from './query-path-targets';
import type { CaseResult, VariantId } from './run-case';
import { VARIANTS } from './run-case';
import { EXPORT_VARIANTS, type ExportCaseResult, type ExportVariantId } from './run-export-case';
import { PRE_AGGREGATE_VARIANTS, type PreAggregateCaseResult, type PreAggregateVariantId } from './run-pre-aggregate-case';
import { SQL_API_TARGETS, SQL_API_VARIANTS, type SqlApiCaseResult, type SqlApiVariantId } from './run-sql-api-case';
import { THROUGHPUT_TARGETS, type ThroughputResult, type ThroughputTargetId } from './run-throughput-case';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  platform: string;
  node: string;
  duckdb: string;
  /** 1-minute load average when the run started and when it ended: other work on the machine skews timings. */
  loadAverage: { atStart: number; atEnd: number };
}

export interface BenchReport {
  startedAt: string;
  wallTimeMs: number;
  options: BenchOptions;
  machine: MachineInfo;
  warehouse: {
    scale: number;
    cachedFile: string;
    fileSizeBytes: number;
    generatedThisRun: boolean;
    generationMs: number;
    rowCounts: Record<string, number>;
  };
  cases: CaseResult[];
  throughput?: ThroughputResult;
  sqlApi?: SqlApiCaseResult;
  exports: ExportCaseResult[];
  preAggregate?: PreAggregateCaseResult;
}

/** The 1-minute load average, rounded to two decimals. */
export function loadAverageNow(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}

export function machineInfo(duckdb: string, loadAverageAtStart: number): MachineInfo {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform}-${process.arch}`,
    node: process.version,
    duckdb,
    loadAverage: { atStart: loadAverageAtStart, atEnd: loadAverageNow() },
  };
}

const int = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0));
const times = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(2)}×`);

function caseTable(result: CaseResult): string[] {
  const header = [
    'variant'.padEnd(46),
    'median ms'.padStart(10),
    'p95 ms'.padStart(9),
    'median ÷ direct'.padStart(16),
    'p95 ÷ direct'.padStart(13),
    'median − direct'.padStart(16),
  ];
  const lines = [
    `${result.title} — ${result.table}: ${int(result.tableRows)} rows scanned, ${int(result.resultRows)} result rows`,
    `  ${header.join('  ')}`,
  ];
  for (const id of Object.keys(VARIANTS) as VariantId[]) {
    const timing = result.timingsMs[id];
    const ratios = id === 'direct' ? { median: 1, p95: 1 } : result.ratios[id];
    const difference =
      id === 'direct' ? '' : `${result.medianDifferenceMs[id] >= 0 ? '+' : '−'}${ms(Math.abs(result.medianDifferenceMs[id]))} ms`;
    const cells = [
      VARIANTS[id].padEnd(46),
      ms(timing.median).padStart(10),
      ms(timing.p95).padStart(9),
      times(ratios.median).padStart(16),
      times(ratios.p95).padStart(13),
      difference.padStart(16),
    ];
    lines.push(`  ${cells.join('  ')}`);
  }
  return lines;
}

/** "The same" peak for 1M and 10M rows: within 5% (sampling and the allocator's page reuse vary by a few MB). */
const SAME_PEAK_TOLERANCE = 1.05;

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function exportTable(result: ExportCaseResult): string[] {
  const header = [
    'variant'.padEnd(46),
    'median ms'.padStart(10),
    'p95 ms'.padStart(9),
    'median ÷ COPY'.padStart(16),
    'p95 ÷ COPY'.padStart(13),
    'median − COPY'.padStart(16),
  ];
  const lines = [
    `${result.title} — ${result.table}: ${int(result.tableRows)} rows scanned, ${int(result.rowsWritten)} rows ` +
      `written${result.truncated ? ' (truncated: more exist)' : ''}, ` +
      `file ${megabytes(result.fileSizeBytes)} (COPY ${int(result.copyRows)} rows, ${megabytes(result.copyFileSizeBytes)})`,
    `  ${header.join('  ')}`,
  ];
  for (const id of Object.keys(EXPORT_VARIANTS) as ExportVariantId[]) {
    const timing = result.timingsMs[id];
    const ratios = id === 'copy' ? { median: 1, p95: 1 } : result.ratio;
    const difference =
      id === 'copy'
        ? ''
        : `${timing.median >= result.timingsMs.copy.median ? '+' : '−'}${ms(Math.abs(timing.median - result.timingsMs.copy.median))} ms`;
    const label = id === 'copy' ? result.baseline : EXPORT_VARIANTS[id];
    const cells = [
      label.padEnd(46),
      ms(timing.median).padStart(10),
      ms(timing.p95).padStart(9),
      times(ratios.median).padStart(16),
      times(ratios.p95).padStart(13),
      difference.padStart(16),
    ];
    lines.push(`  ${cells.join('  ')}`);
  }
  const { worker } = result;
  lines.push(
    `  export job's own time (queued → completed): median ${ms(result.jobTimingsMs.median)} ms; ` +
      `${int(Math.round(result.rowsWritten / (result.timingsMs.export.median / 1000)))} rows/s end to end`,
    `  worker memory: idle ${worker.idleRssMb} MB · peak VmHWM ${worker.peakRssMb} MB (first export, ` +
      `sampled: ${result.runs[0]?.peakRssMb ?? 'n/a'} MB) · ` +
      `highest VmRSS sampled every 100 ms ${worker.sampledPeakRssMb} MB · ` +
      `after ${worker.afterRssMb} MB — ${worker.underLimit ? 'under' : 'OVER'} the ${worker.limitMb} MB limit`,
    ...(result.copyWithinWorkerLimits
      ? [
          `  DuckDB's own COPY within the worker's limits (bare Node process, the worker's DuckDB options and allocator, ` +
            `median of ${result.copyWithinWorkerLimits.runs}): ` +
            `${ms(result.copyWithinWorkerLimits.ms)} ms, idle ${result.copyWithinWorkerLimits.idleRssMb} MB → ` +
            `peak VmHWM ${result.copyWithinWorkerLimits.peakRssMb} MB; ` +
            `export ÷ it ${times(result.ratioWithinWorkerLimits)}`,
        ]
      : []),
  );
  return lines;
}

function preAggregateTable(result: PreAggregateCaseResult): string[] {
  const header = ['variant'.padEnd(52), 'median ms'.padStart(10), 'p95 ms'.padStart(9)];
  const lines = [
    `${result.title} — ${int(result.tableRows)} events in PostgreSQL ` +
      `(loaded in ${ms(result.loadMs)} ms), ${int(result.resultRows)} result rows; ` +
      `rollup ${int(result.build.rows)} rows, ${megabytes(result.build.bytes)}, built in ${ms(result.build.durationMs)} ms`,
    `  ${header.join('  ')}`,
  ];
  for (const id of Object.keys(PRE_AGGREGATE_VARIANTS) as PreAggregateVariantId[]) {
    const timing = result.timingsMs[id];
    lines.push(`  ${[PRE_AGGREGATE_VARIANTS[id].padEnd(52), ms(timing.median).padStart(10), ms(timing.p95).padStart(9)].join('  ')}`);
  }
  const verdicts = preAggregateVerdicts(result);
  lines.push(
    `  warehouse ÷ pre-aggregate: ${times(result.speedup)} ${verdicts.speedup}; ` +
      `pre-aggregate − direct: ${ms(result.overDirectMs)} ms ${verdicts.overDirect}; ` +
      `pre-aggregate − direct − HTTP floor (cache hit): ${ms(result.overDirectAndHttpMs)} ms`,
  );
  return lines;
}

function throughputTable(result: ThroughputResult): string[] {
  const header = [
    'endpoint'.padEnd(50),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    '÷ floor'.padStart(8),
    'API CPU µs/request'.padStart(19),
  ];
  const lines = [
    `Throughput: ${result.connections} connections, ${result.durationSeconds} s per endpoint (autocannon)`,
    `  ${header.join('  ')}`,
  ];
  for (const id of Object.keys(THROUGHPUT_TARGETS) as ThroughputTargetId[]) {
    const target = result.targets[id];
    const share = id === 'trivial' ? 1 : result.ratios[id];
    lines.push(
      `  ${[THROUGHPUT_TARGETS[id].padEnd(50), int(target.requestsPerSecond).padStart(8), ms(target.latencyP50Ms).padStart(8), ms(target.latencyP99Ms).padStart(8), times(share).padStart(8), int(target.apiCpuMicrosPerRequest).padStart(19)].join('  ')}`,
    );
  }
  return lines;
}

function sqlApiTable(result: SqlApiCaseResult): string[] {
  const header = [
    'variant'.padEnd(48),
    'median ms'.padStart(10),
    'p95 ms'.padStart(9),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'API CPU µs/request'.padStart(19),
    'errors'.padStart(7),
  ];
  const lines = [
    `${result.title} — ${int(result.resultRows)} result rows; latency from one connection, then ${result.connections} connections for ${result.loadSeconds} s`,
    `  SQL: ${result.sql}`,
    `  ${header.join('  ')}`,
  ];
  for (const id of Object.keys(SQL_API_VARIANTS) as SqlApiVariantId[]) {
    const timing = result.timingsMs[id];
    const load = result.throughput[id];
    const cells = [
      SQL_API_VARIANTS[id].padEnd(48),
      ms(timing.median).padStart(10),
      ms(timing.p95).padStart(9),
      int(load.requestsPerSecond).padStart(8),
      ms(load.latencyP50Ms).padStart(8),
      ms(load.latencyP99Ms).padStart(8),
      int(load.apiCpuMicrosPerRequest).padStart(19),
      int(load.errors).padStart(7),
    ];
    lines.push(`  ${cells.join('  ')}`);
  }
  return lines;
}

/** Issue 34's two bounds on the SQL API, as "value (goal …: met|MISSED)". */
export function sqlApiVerdicts(result: SqlApiCaseResult): { p50: string; throughput: string } {
  const difference = result.p50DifferenceMs;
  const share = result.throughputShare;
  const p50Held = difference <= SQL_API_TARGETS.p50OverRunQueryMs;
  const shareHeld = share >= SQL_API_TARGETS.throughputShare;
  return {
    p50: `${difference >= 0 ? '+' : '−'}${ms(Math.abs(difference))} ms (goal ≤ +${SQL_API_TARGETS.p50OverRunQueryMs} ms: ${p50Held ? 'met' : 'MISSED'})`,
    throughput: `${times(share)} (goal ≥ ${times(SQL_API_TARGETS.throughputShare)}: ${shareHeld ? 'met' : 'MISSED'})`,
  };
}

/** A ratio beside issue 15's bound on it, and whether it holds. */
function withTarget(value: number | undefined, target: number | undefined): string {
  if (target === undefined || value === undefined) return times(value);
  return `${times(value)} (target ≤ ${times(target)}: ${value <= target ? 'met' : 'MISSED'})`;
}

/** Issue 15: the worker's peak is the same for 1M rows and every row (the raw DuckDB exports), at most the limit both. */
function samePeakRow(exports: readonly ExportCaseResult[]): string[][] {
  const million = exports.find((result) => result.id === 'export-raw');
  const every = exports.find((result) => result.id === 'export-raw-10m');
  if (!million || !every) return [];
  const ratio = every.worker.peakRssMb / million.worker.peakRssMb;
  const held = ratio <= SAME_PEAK_TOLERANCE && every.worker.underLimit && million.worker.underLimit;
  return [
    [
      `worker peak RSS, ${int(every.rowsWritten)}-row export ÷ ${int(million.rowsWritten)}-row export`,
      `${every.worker.peakRssMb} MB`,
      `${million.worker.peakRssMb} MB`,
      `${times(ratio)} (target: the same, ≤ ${million.worker.limitMb} MB both: ${held ? 'met' : 'MISSED'})`,
    ],
  ];
}

/** Every ratio of the run in one Markdown table: what the issue note and the README quote. */
export function ratioTable(report: BenchReport): string[] {
  const rows: string[][] = [];
  for (const result of report.cases) {
    const baseline = `${ms(result.timingsMs.direct.median)} ms`;
    const verdicts = queryPathVerdicts(result);
    const withVerdict = (ratio: number | undefined, verdict: string | undefined) =>
      verdict ? `${times(ratio)}; ${verdict}` : times(ratio);
    rows.push([
      `${result.title}: runQuery, cache miss`,
      `${ms(result.timingsMs.httpMiss.median)} ms`,
      `DuckDB direct ${baseline}`,
      withVerdict(result.ratios.httpMiss.median, verdicts.httpMiss),
    ]);
    rows.push([
      `${result.title}: runQuery, cache hit`,
      `${ms(result.timingsMs.httpHit.median)} ms`,
      `DuckDB direct ${baseline}`,
      withVerdict(result.ratios.httpHit.median, verdicts.httpHit),
    ]);
    rows.push([
      `${result.title}: v2 query, first page`,
      `${ms(result.timingsMs.v2FirstPage.median)} ms`,
      `DuckDB direct ${baseline}`,
      withVerdict(result.ratios.v2FirstPage.median, verdicts.v2FirstPage),
    ]);
  }
  if (report.throughput) {
    const { targets, ratios } = report.throughput;
    const floor = `${int(targets.trivial.requestsPerSecond)} req/s (GET /api/v1/user)`;
    rows.push([
      `compileQuery throughput, ${report.throughput.connections} connections`,
      `${int(targets.compileQuery.requestsPerSecond)} req/s`,
      floor,
      `${times(ratios.compileQuery)} ${throughputVerdict(ratios.compileQuery)}`,
    ]);
    rows.push([
      `runQuery cached throughput, ${report.throughput.connections} connections`,
      `${int(targets.runQueryHit.requestsPerSecond)} req/s`,
      floor,
      `${times(ratios.runQueryHit)} ${throughputVerdict(ratios.runQueryHit)}`,
    ]);
  }
  if (report.sqlApi) {
    const { timingsMs, throughput, connections } = report.sqlApi;
    const verdicts = sqlApiVerdicts(report.sqlApi);
    rows.push([
      'small query, bound filter: SQL API (pg, prepared), cache hit',
      `${ms(timingsMs.sqlApiHit.median)} ms`,
      `runQuery, cache hit ${ms(timingsMs.runQueryHit.median)} ms`,
      verdicts.p50,
    ]);
    rows.push([
      `SQL API throughput, ${connections} pg clients`,
      `${int(throughput.sqlApiHit.requestsPerSecond)} queries/s`,
      `cached runQuery ${int(throughput.runQueryHit.requestsPerSecond)} req/s`,
      verdicts.throughput,
    ]);
  }
  for (const result of report.exports) {
    rows.push([
      `${result.title}, ${int(result.rowsWritten)} rows`,
      `${ms(result.timingsMs.export.median)} ms`,
      `${result.baselineShort} ${ms(result.timingsMs.copy.median)} ms`,
      withTarget(result.ratio.median, result.ratioTarget),
    ]);
    if (result.copyWithinWorkerLimits) {
      rows.push([
        `${result.title}, within the worker's DuckDB limits`,
        `${ms(result.timingsMs.export.median)} ms`,
        `COPY … TO, same limits ${ms(result.copyWithinWorkerLimits.ms)} ms`,
        `${times(result.ratioWithinWorkerLimits)} (E5's SQL as is; the export's first reads the sort cutoff)`,
      ]);
    }
    rows.push([
      `${result.title}: worker peak RSS`,
      `${result.worker.peakRssMb} MB`,
      `limit ${result.worker.limitMb} MB (idle ${result.worker.idleRssMb} MB)`,
      result.worker.underLimit ? 'under' : 'OVER',
    ]);
  }
  rows.push(...samePeakRow(report.exports));
  if (report.preAggregate) {
    const { timingsMs, speedup, overDirectMs } = report.preAggregate;
    const verdicts = preAggregateVerdicts(report.preAggregate);
    rows.push([
      `dashboard query on PostgreSQL, from the pre-aggregate`,
      `${ms(timingsMs.preAggregate.median)} ms`,
      `warehouse ${ms(timingsMs.warehouse.median)} ms`,
      `${times(speedup)} faster ${verdicts.speedup}`,
    ]);
    rows.push([
      `dashboard query, pre-aggregate vs DuckDB direct on the rollup`,
      `${ms(timingsMs.preAggregate.median)} ms`,
      `direct ${ms(timingsMs.direct.median)} ms`,
      `${overDirectMs >= 0 ? '+' : ''}${ms(overDirectMs)} ms ${verdicts.overDirect}`,
    ]);
    rows.push([
      `dashboard query, runQuery results-cache hit (HTTP floor)`,
      `${ms(timingsMs.cacheHit.median)} ms`,
      `direct ${ms(timingsMs.direct.median)} ms`,
      `pre-aggregate − direct − floor: ${ms(report.preAggregate.overDirectAndHttpMs)} ms`,
    ]);
  }
  if (rows.length === 0) return [];
  return [
    '| measure | Quarry (median) | baseline, same run | ratio |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

/** The human-readable summary printed at the end of a run. */
export function formatReport(report: BenchReport, jsonFile: string): string {
  const { machine, options, warehouse } = report;
  return [
    '',
    `Quarry bench: runQuery over HTTP vs the same SQL directly on DuckDB; CSV export vs the warehouse's COPY of the same SQL`,
    `scale ${warehouse.scale} · ${options.iterations} timed runs per variant after ${options.warmup} warm-ups ` +
      `(exports: ${options.exportIterations} after ${options.exportWarmup}, ${int(options.exportRows)} rows) · ` +
      `${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB, ` +
      `load ${machine.loadAverage.atStart} → ${machine.loadAverage.atEnd} · ` +
      `Node ${machine.node} · DuckDB ${machine.duckdb}`,
    '',
    ...report.cases.flatMap((result) => [...caseTable(result), '']),
    ...(report.throughput ? [...throughputTable(report.throughput), ''] : []),
    ...(report.sqlApi ? [...sqlApiTable(report.sqlApi), ''] : []),
    ...report.exports.flatMap((result) => [...exportTable(result), '']),
    ...(report.preAggregate ? [...preAggregateTable(report.preAggregate), ''] : []),
    ...ratioTable(report),
    '',
    `Wall time ${(report.wallTimeMs / 1000).toFixed(1)} s${
      warehouse.generatedThisRun ? ` (incl. ${(warehouse.generationMs / 1000).toFixed(1)} s generating the warehouse)` : ''
    }. JSON: ${jsonFile}`,
    '',
  ].join('\n');
}

/** Writes `results-<timestamp>.json` under `dir`; returns its path. */
export function writeReport(report: BenchReport, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `results-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
