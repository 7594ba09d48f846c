import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

import { DUCKDB_DEFAULTS, workerEnvironment } from '@quarry/server/config';
import { ROOT } from '@quarry/testing';
import { duckDbOpenOptions } from '@quarry/warehouses';

import { MB } from './process-memory';
import { percentile } from './statistics';

export interface DuckDbCopyProbe {
  runs: number;
  /** Median of the runs' COPY times. */
  ms: number;
  /** VmRSS of the bare process with the database open, before the first COPY. */
  idleRssMb: number;
  /** VmHWM at the end: the process's peak, DuckDB's working memory for the COPY included. */
  peakRssMb: number;
}

/**
 * Run in a bare Node process (no Nest, no Quarry), with the worker's DuckDB options and allocator
 * environment: opens the file as the adapter does and runs DuckDB's own `COPY (sql) TO` a CSV file
 * `runs` times. Plain CommonJS, so it needs nothing but `@duckdb/node-api` from node_modules.
 */
const PROBE_SCRIPT =
  `
const { readFileSync } = require('node:fs');
const { DuckDBInstance } = require('@duckdb/node-api');
const memory = (key) => Number(new RegExp('^' + key + ':\\\\s+(\\\\d+) kB$', 'm').exec(readFileSync('/proc/self/status', ` +
  `'utf8'))[1]) * 1024;
(async () => {
  const [file, copy, options, runs] = process.argv.slice(1);
  const instance = await DuckDBInstance.create(file, JSON.parse(options));
  const connection = await instance.connect();
  const idleRss = memory('VmRSS');
  const times = [];
  for (let run = 0; run < Number(runs); run += 1) {
    const started = performance.now();
    await connection.run(copy);
    times.push(performance.now() - started);
  }
  process.stdout.write(JSON.stringify({ times, idleRss, hwm: memory('VmHWM') }));
  connection.closeSync();
  instance.closeSync();
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

/**
 * What the export would take if Quarry added nothing: DuckDB's own CSV writer on the same SQL
 * within the worker's DuckDB limits (memory, threads, spilling, allocator), in a bare process.
 * The gap between this and the bench's COPY baseline (DuckDB's defaults: every core, most of the
 * RAM) is the price of the worker's memory bound. The export itself runs its SQL with a sort
 * cutoff (the compiler's sortCutoff), which this COPY of compileQuery's SQL does not have.
 */
export function probeDuckDbCopy(
  file: string,
  sql: string,
  tempDirectory: string,
  outputFile: string,
  runs: number,
): Promise<DuckDbCopyProbe> {
  // The worker's instance may write only into its staging folder (allowed_directories); the probe writes into the bench's.
  const options = { ...duckDbOpenOptions({ ...DUCKDB_DEFAULTS.worker, tempDirectory }), enable_external_access: 'true' };
  const copy = `COPY (${sql}) TO '${outputFile.replace(/'/g, "''")}' (FORMAT csv, HEADER true)`;
  const env = workerEnvironment({ PATH: process.env['PATH'] });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PROBE_SCRIPT, file, copy, JSON.stringify(options), String(runs)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      rmSync(outputFile, { force: true });
      if (code !== 0) return reject(new Error(`The DuckDB COPY probe exited with ${String(code)}: ${stderr}`));
      const parsed = JSON.parse(stdout) as { times: number[]; idleRss: number; hwm: number };
      const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
      resolve({ runs, ms: percentile(parsed.times, 50), idleRssMb: mb(parsed.idleRss), peakRssMb: mb(parsed.hwm) });
    });
  });
}
