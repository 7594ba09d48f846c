import { spawn } from 'node:child_process';

import { DUCKDB_DEFAULTS } from '@quarry/server/config';
import { ROOT } from '@quarry/testing';
import { duckDbOpenOptions } from '@quarry/warehouses';

import { MB } from './process-memory';

export interface DuckDbStreamProbe {
  rows: number;
  ms: number;
  /** VmRSS of the bare process with the database open, before the query. */
  idleRssMb: number;
  /** VmHWM at the end: the process's peak, DuckDB's working memory for this query included. */
  peakRssMb: number;
}

/**
 * Run in a bare Node process (no Nest, no Quarry): opens the file as the adapter does, streams the
 * SQL chunk by chunk, converting each chunk to JavaScript values and dropping it, and reports its
 * time and memory. Plain CommonJS, so it needs nothing but `@duckdb/node-api` from node_modules.
 */
const PROBE_SCRIPT = `
const { readFileSync } = require('node:fs');
const { DuckDBInstance } = require('@duckdb/node-api');
const memory = (key) => Number(new RegExp('^' + key + ':\\\\s+(\\\\d+) kB$', 'm').exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
(async () => {
  const [file, sql, options] = process.argv.slice(1);
  const instance = await DuckDBInstance.create(file, JSON.parse(options));
  const connection = await instance.connect();
  const idleRss = memory('VmRSS');
  const started = performance.now();
  const result = await connection.stream(sql);
  let rows = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    rows += chunk.getRows().length;
  }
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ rows, ms, idleRss, hwm: memory('VmHWM') }));
  connection.closeSync();
  instance.closeSync();
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

/**
 * DuckDB's own share of an export: the same SQL streamed into JavaScript values by a bare process,
 * with the worker's DuckDB limits (memory, threads, spilling to a temporary folder).
 */
export function probeDuckDbStream(file: string, sql: string, tempDirectory: string): Promise<DuckDbStreamProbe> {
  const options = duckDbOpenOptions({ ...DUCKDB_DEFAULTS.worker, tempDirectory });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PROBE_SCRIPT, file, sql, JSON.stringify(options)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`The DuckDB stream probe exited with ${String(code)}: ${stderr}`));
      const parsed = JSON.parse(stdout) as { rows: number; ms: number; idleRss: number; hwm: number };
      const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
      resolve({ rows: parsed.rows, ms: parsed.ms, idleRssMb: mb(parsed.idleRss), peakRssMb: mb(parsed.hwm) });
    });
  });
}
