/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON that each caller reads as it expects */
import { Agent, request } from 'node:http';

/**
 * One keep-alive connection's worth of sockets for the timed requests. Node's own HTTP client:
 * `fetch` (undici 5 in Node 20) added 0.5–0.6 ms to every request on the 2-core development
 * machine (same server, same request, 3,000 sequential requests each), time that is the bench's,
 * not Quarry's, and that a v2 query's two requests paid twice.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** An API call the bench times: JSON in, parsed JSON out (the text when it is not JSON). */
export function timedCall(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token: string; body?: unknown },
): Promise<{ status: number; body: any }> {
  const url = new URL(path, baseUrl);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { authorization: `ApiKey ${options.token}` };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: any = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
