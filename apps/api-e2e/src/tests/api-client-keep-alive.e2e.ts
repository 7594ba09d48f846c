import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { call } from '../support/api-client';

/**
 * The suites' client survives the keep-alive race: the server closing an idle kept-alive connection just as the
 * client, its event loop busy, sends the next request on it ("other side closed"). Reproduced deterministically by
 * a server that drops every connection's second request unanswered, as the race does.
 */
describe('the e2e API client on a connection the server has just closed', () => {
  let server: Server;
  let baseUrl: string;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const socket = request.socket as typeof request.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      received.push(`${request.method} ${request.url}`);
      if (socket.served > 1) {
        socket.destroy();
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
    // Each test starts on a fresh kept-alive connection: the previous ones are gone.
    server.closeAllConnections();
    received.length = 0;
  });

  it('sends an idempotent request again, once, on a new connection', async () => {
    expect((await call(baseUrl, 'GET', '/first')).status).toBe(200);
    const second = await call(baseUrl, 'GET', '/second');
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ok: true });
    expect(received).toEqual(['GET /first', 'GET /second', 'GET /second']);
  });

  it('does not repeat a POST, which the server may have acted on: the error reaches the caller', async () => {
    expect((await call(baseUrl, 'GET', '/first')).status).toBe(200);
    await expect(call(baseUrl, 'POST', '/create', { body: { name: 'once' } })).rejects.toThrow('fetch failed');
    expect(received).toEqual(['GET /first', 'POST /create']);
  });
});
