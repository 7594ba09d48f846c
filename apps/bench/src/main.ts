import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

import { DIST, ROOT } from '@quarry/testing';

import { BENCH_CASES } from './bench-cases';
import { BENCH_USAGE, parseBenchOptions } from './bench-options';
import { type BenchReport, formatReport, loadAverageNow, machineInfo, writeReport } from './bench-report';
import { CleanupStack } from './cleanup-stack';
import { cachedDemoWarehouse } from './demo-warehouse-cache';
import { DirectDuckDb, duckdbVersion } from './direct-duckdb';
import { EXPORT_CASES } from './export-cases';
import { createPostgresDemoProject, createPostgresWarehouse } from './pg-warehouse';
import { type QuarryUnderBench, startQuarryUnderBench } from './quarry-under-bench';
import { type CaseResult, runCase } from './run-case';
import { type ExportBaseline, type ExportCaseResult, runExportCase } from './run-export-case';
import { type PreAggregateCaseResult, runPreAggregateCase } from './run-pre-aggregate-case';
import { runSqlApiCase, type SqlApiCaseResult } from './run-sql-api-case';
import { runThroughputCase, type ThroughputResult } from './run-throughput-case';

const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const TEN_MILLION = 10_000_000;

async function bench(argv: string[], cleanup: CleanupStack): Promise<void> {
  const options = parseBenchOptions(argv, process.env);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const loadAtStart = loadAverageNow();
  for (const app of ['api', 'worker', 'cli']) {
    if (!existsSync(join(DIST, app, 'main.js')))
      throw new Error(`dist/apps/${app}/main.js is missing: run the benchmark with \`npm run bench\`, which builds first`);
  }

  const warehouse = await cachedDemoWarehouse(options.scale, options.regenerate, say);
  const quarry = await startQuarryUnderBench(warehouse.file, cleanup, say);
  const queryCases = BENCH_CASES.filter((benchCase) => (options.cases as string[]).includes(benchCase.id));
  const exportCases = EXPORT_CASES.filter((exportCase) => options.cases.includes(exportCase.id));
  const cases: CaseResult[] = [];
  const exports: ExportCaseResult[] = [];
  if (queryCases.length > 0) {
    const duckdb = await DirectDuckDb.open(quarry.warehouseFile);
    try {
      for (const benchCase of queryCases) {
        say(`${benchCase.title}: ${options.warmup} warm-ups, ${options.iterations} timed runs per variant…`);
        cases.push(await runCase(quarry, duckdb, benchCase, options));
      }
    } finally {
      // Closed here, after the last query returned, rather than from a signal handler mid-query.
      duckdb.close();
    }
  }
  let throughput: ThroughputResult | undefined;
  if (options.cases.includes('throughput')) {
    say(`Throughput: ${options.connections} connections, ${options.loadSeconds} s per endpoint…`);
    throughput = await runThroughputCase(quarry, options.connections, options.loadSeconds, say);
  }
  let sqlApi: SqlApiCaseResult | undefined;
  if (options.cases.includes('sql-api')) {
    say(`SQL API beside runQuery (small query, bound filter): latency, then ${options.connections} connections…`);
    sqlApi = await runSqlApiCase(quarry, options, say);
  }
  if (exportCases.length > 0) {
    // COPY … TO writes a file: the one setting that differs from the adapter's.
    const duckdb = await DirectDuckDb.open(quarry.warehouseFile, { externalAccess: true });
    try {
      const onDuckDb: ExportBaseline = {
        label: 'DuckDB COPY (same SQL) TO csv, in-process',
        shortLabel: 'COPY … TO',
        copyToCsv: (sql, target) => duckdb.copyToCsv(sql, target),
        countRows: (schema, table) => duckdb.countRows(schema, table),
      };
      // Loaded once, for every PostgreSQL case.
      let onPostgres: { quarry: QuarryUnderBench; baseline: ExportBaseline } | undefined;
      for (const exportCase of exportCases) {
        let target = { quarry, baseline: onDuckDb };
        if (exportCase.warehouse === 'postgres') {
          if (!onPostgres) {
            say('Loading the demo events into a PostgreSQL database of the bench and creating a project on it…');
            const warehouse = await createPostgresWarehouse(duckdb, cleanup, say);
            const projectUuid = await createPostgresDemoProject(quarry, warehouse);
            const baseline: ExportBaseline = {
              label: 'PostgreSQL COPY (same SQL) TO STDOUT → file',
              shortLabel: 'COPY … TO STDOUT',
              copyToCsv: (sql, file) => warehouse.copyToCsv(sql, file),
              countRows: (schema, table) => warehouse.countRows(schema, table),
            };
            onPostgres = { quarry: { ...quarry, projectUuid }, baseline };
          }
          target = onPostgres;
        }
        say(
          `${exportCase.title}: ${options.exportWarmup} warm-ups, ${options.exportIterations} timed runs per variant ` +
            `of ${options.exportRows.toLocaleString('en-US')} rows…`,
        );
        exports.push(
          await runExportCase(
            target.quarry,
            target.baseline,
            exportCase,
            options.exportRows,
            { iterations: options.exportIterations, warmup: options.exportWarmup },
            cleanup,
            say,
          ),
        );
      }
    } finally {
      duckdb.close();
    }
  }
  let preAggregate: PreAggregateCaseResult | undefined;
  if (options.cases.includes('pre-aggregate')) {
    preAggregate = await runPreAggregateCase(
      quarry,
      warehouse.file,
      { iterations: options.iterations, warmup: options.warmup },
      cleanup,
      say,
    );
  }
  const largest = Math.max(
    ...cases.map((result) => result.tableRows),
    ...exports.map((result) => result.tableRows),
    preAggregate?.tableRows ?? 0,
  );
  if (largest < TEN_MILLION) say(`Note: the largest table has ${largest.toLocaleString('en-US')} rows (< 10M); raise --scale.`);

  const report: BenchReport = {
    startedAt,
    wallTimeMs: Math.round(performance.now() - started),
    options,
    machine: machineInfo(duckdbVersion(), loadAtStart),
    warehouse: {
      scale: warehouse.summary.scale,
      cachedFile: relative(ROOT, warehouse.file),
      fileSizeBytes: warehouse.summary.fileSizeBytes,
      generatedThisRun: warehouse.generated,
      generationMs: warehouse.summary.durationMs,
      rowCounts: warehouse.summary.rowCounts,
    },
    cases,
    ...(throughput ? { throughput } : {}),
    ...(sqlApi ? { sqlApi } : {}),
    exports,
    ...(preAggregate ? { preAggregate } : {}),
  };
  const file = writeReport(report, join(ROOT, 'tmp/bench'));
  process.stdout.write(formatReport(report, relative(ROOT, file)));
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${BENCH_USAGE}\n`);
    return 0;
  }
  const cleanup = new CleanupStack();
  const tidy = async () => {
    for (const failure of await cleanup.run()) say(`Cleanup failed: ${failure}`);
  };
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      say(`${signal}: stopping and cleaning up…`);
      void tidy().then(() => process.exit(130));
    });
  }
  try {
    await bench(argv, cleanup);
    return 0;
  } catch (error) {
    // Once interrupted, what fails next is only the consequence of stopping the processes.
    if (interrupted) return 130;
    say(`Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await tidy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
