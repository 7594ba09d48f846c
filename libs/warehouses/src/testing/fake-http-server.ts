// A tiny HTTP server for driving HTTP-based SDKs (trino-client, @clickhouse/client) in tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeHttpServer {
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function fakeHttpServer(
  respond: (request: RecordedRequest, response: ServerResponse, base: string) => void,
): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      requests.push(recorded);
      respond(recorded, response, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
