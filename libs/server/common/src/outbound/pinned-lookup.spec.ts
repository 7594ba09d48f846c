import { request } from 'node:http';
import { createServer, type Server } from 'node:net';

import { pinnedLookup } from './pinned-lookup';

describe('pinnedLookup', () => {
  const addresses = [
    { address: '127.0.0.1', family: 4 as const },
    { address: '::1', family: 6 as const },
  ];

  it('answers one address, the first, when asked for one', () => {
    const answers: unknown[][] = [];
    pinnedLookup(addresses)('example.com', {}, (...args) => answers.push(args));
    expect(answers).toEqual([[null, '127.0.0.1', 4]]);
  });

  it('answers every address when asked for all', () => {
    const answers: unknown[][] = [];
    pinnedLookup(addresses)('example.com', { all: true }, (...args) => answers.push(args));
    expect(answers).toEqual([
      [
        null,
        [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ],
      ],
    ]);
  });

  it('sends a request for a name that does not resolve to the pinned address', async () => {
    // Reads what the client sends (so it sees the client close, and close() can finish), answers 204, closes.
    const server: Server = createServer((socket) => socket.resume().end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const sent = request(
          { host: 'pinned.invalid', port, path: '/', agent: false, lookup: pinnedLookup(addresses.slice(0, 1)) },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        );
        sent.on('error', reject);
        sent.end();
      });
      expect(status).toBe(204);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
