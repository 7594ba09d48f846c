import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { call } from '../support/api-client';

/**
 * The suites' client survives the keep-alive race: the server closing an idle kept-alive connection just as the
 * client, its event loop busy, sends the next request on it ("other side closed"). Reproduced deterministically by
 * a server that closes the connection of the first request to each path unanswered, as the race does.
 */
describe('the e2e API client on a connection the server has just closed', () => {
  let server: Server;
  let baseUrl: string;
  const received: string[] = [];
  const dropOnce = new Set<string>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      if (dropOnce.delete(request.url ?? '')) {
        request.socket.destroy();
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true }));
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    received.length = 0;
    dropOnce.clear();
  });

  it('sends an idempotent request again, once, on a new connection', async () => {
    expect((await call(baseUrl, 'GET', '/first')).status).toBe(200);
    dropOnce.add('/second');
    const second = await call(baseUrl, 'GET', '/second');
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ok: true });
    expect(received).toEqual(['GET /first', 'GET /second', 'GET /second']);
  });

  it('does not repeat a POST, which the server may have acted on: the error reaches the caller', async () => {
    expect((await call(baseUrl, 'GET', '/first')).status).toBe(200);
    dropOnce.add('/create');
    await expect(call(baseUrl, 'POST', '/create', { body: { name: 'once' } })).rejects.toThrow('fetch failed');
    expect(received).toEqual(['GET /first', 'POST /create']);
  });
});
