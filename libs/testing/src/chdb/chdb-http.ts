import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** ClickHouse (chDB, embedded) behind its HTTP interface, in a child process of the tests. */
export interface ChdbHttpServer {
  host: string;
  port: number;
  url: string;
  user: string;
  password: string;
  /** The ClickHouse version chDB embeds. */
  version: string;
  /** Runs one statement over HTTP, as a client would; returns the body (TabSeparated unless the SQL says FORMAT). */
  exec(sql: string): Promise<string>;
  close(): Promise<void>;
}

/** The server script, beside this file; run from the sources, in tests only. */
export const CHDB_HTTP_SERVER_SCRIPT = join(__dirname, 'chdb-http-server.cjs');

/**
 * Starts chDB's HTTP server in a child process (chDB allows one data directory per process, and
 * the e2e tier's API, a process of its own, must reach it too) on a free port of 127.0.0.1.
 */
export async function startChdbHttpServer(credentials: { user?: string; password?: string } = {}): Promise<ChdbHttpServer> {
  const user = credentials.user ?? 'quarry';
  const password = credentials.password ?? 'chdb-test-password';
  const child = spawn(process.execPath, [CHDB_HTTP_SERVER_SCRIPT, user, password], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = await new Promise<{ port: number; version: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The chDB HTTP server did not start in 60 s: ${stderr}`)), 60_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { port: number; version: string });
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The chDB HTTP server exited: ${stderr}`));
    });
  });
  const host = '127.0.0.1';
  const url = `http://${host}:${started.port}`;
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return {
    host,
    port: started.port,
    url,
    user,
    password,
    version: started.version,
    exec: async (sql) => {
      const response = await fetch(url, { method: 'POST', body: sql, headers: { authorization } });
      const text = await response.text();
      if (!response.ok) throw new Error(`chDB HTTP ${response.status}: ${text}`);
      return text;
    },
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
