import { execFile } from 'node:child_process';

import { Client, type ClientConfig } from 'pg';

import { call } from './api-client';
import { sharedQuarry } from './shared-quarry';

/** The environment every client process gets: no TLS or GSSAPI negotiation unless a test asks. */
const CLIENT_ENV = { PGSSLMODE: 'disable', PGGSSENCMODE: 'disable', PGCONNECT_TIMEOUT: '30' };

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a client program to its end (never throws on a failing exit: tests assert on it). */
export function runClient(command: string, args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { env: { ...process.env, ...CLIENT_ENV, ...env }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Debian's psql against the shared API's SQL API: unaligned, tuples only unless `headers`. */
export function psql(token: string, database: string, commands: string[], options: { headers?: boolean } = {}): Promise<ProcessResult> {
  const { sqlApiPort } = sharedQuarry();
  const format = options.headers ? ['-A', '-F', '|'] : ['-A', '-t', '-F', '|'];
  return runClient(
    'psql',
    [
      '-X',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      '127.0.0.1',
      '-p',
      String(sqlApiPort),
      '-U',
      'quarry',
      '-d',
      database,
      ...format,
      ...commands.flatMap((command) => ['-c', command]),
    ],
    {
      PGPASSWORD: token,
    },
  );
}

/** A node-postgres client connected to the SQL API. */
export async function pgClient(token: string, database: string, config: Partial<ClientConfig> = {}): Promise<Client> {
  const client = new Client({ host: '127.0.0.1', port: sharedQuarry().sqlApiPort, user: 'quarry', password: token, database, ...config });
  await client.connect();
  return client;
}

/** runQuery's raw values, row by row, in the order of `fieldIds`. */
export async function runQueryRows(
  token: string,
  projectUuid: string,
  query: { exploreName: string } & Record<string, unknown>,
  fieldIds: string[],
): Promise<unknown[][]> {
  const response = await call(sharedQuarry().baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/${query.exploreName}/runQuery`, {
    token,
    body: query,
  });
  if (response.status !== 200) throw new Error(`runQuery failed: ${JSON.stringify(response.body)}`);
  return (response.body.results.rows as Array<Record<string, { value: { raw: unknown } }>>).map((row) =>
    fieldIds.map((id) => row[id]?.value.raw ?? null),
  );
}

/** psql's unaligned rows as arrays of cells. */
export function psqlRows(stdout: string): string[][] {
  return stdout
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split('|'));
}
