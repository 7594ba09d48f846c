import { spawn } from 'node:child_process';

/** One request the load process sends; `filterValues` replaces the body's filters by a rule of that many values, built there. */
export interface LoadRequest {
  path: string;
  body: Record<string, unknown>;
  filterValues?: number;
}

export interface RunningLoad {
  /** Indexes of the requests that have been answered (or failed), in the order they were. */
  answered: () => number[];
  stop: () => Promise<void>;
}

/**
 * The load of one heavy user, sent from a process of its own: building and sending megabytes of
 * request bodies in the test's process would slow the probes' own event loop, and measure the
 * client instead of the server. Resolves once every request has been sent off.
 */
export async function startLoad(baseUrl: string, token: string, requests: LoadRequest[]): Promise<RunningLoad> {
  const child = spawn(process.execPath, ['-e', LOAD_SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  const answered: number[] = [];
  let output = '';
  const sent = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'sent') resolve();
        else if (line.startsWith('answered ')) answered.push(Number(line.slice('answered '.length)));
      }
    });
    child.on('exit', (code) => reject(new Error(`the load process exited (${code}) before sending`)));
  });
  child.stdin.end(JSON.stringify({ baseUrl, token, requests }));
  await sent;
  return {
    answered: () => [...answered],
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const LOAD_SCRIPT =
  `
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const { baseUrl, token, requests } = JSON.parse(input);
  requests.forEach((request, index) => {
    const body = request.filterValues === undefined ? request.body : { ...request.body, filters: { dimensions: { id: 'huge', and: ` +
  `[{ id: 'rule', target: { fieldId: 'orders_status' }, operator: 'equals', values: Array.from({ length: request.filterValues }, (_, ` +
  `value) => 'status-' + value) }] } } };
    fetch(baseUrl + request.path, { method: 'POST', headers: { authorization: 'ApiKey ' + token, 'content-type': 'application/json' }, ` +
  `body: JSON.stringify(body) })
      .then((response) => response.arrayBuffer(), () => undefined)
      .finally(() => process.stdout.write('answered ' + index + '\\n'));
  });
  process.stdout.write('sent\\n');
});
`;
