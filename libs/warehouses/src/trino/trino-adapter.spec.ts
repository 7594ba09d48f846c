import type { TrinoConnectionConfig } from '../connections/trino-connection';
import { type FakeHttpServer, fakeHttpServer } from '../testing/fake-http-server';
import { collect, failureOf, unusedPort } from '../testing/live-fixtures';
import { TrinoAdapter } from './trino-adapter';

// The adapter against a stand-in speaking Trino's client protocol (POST /v1/statement, then nextUri pages).
describe('TrinoAdapter over the Trino client protocol', () => {
  let server: FakeHttpServer;
  let failWith: { message: string; errorName: string; errorCode: number } | undefined;

  beforeAll(async () => {
    server = await fakeHttpServer((request, response, base) => {
      const page = (body: unknown): void => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST') return page({ id: 'q1', nextUri: `${base}/v1/statement/executing/q1/1`, stats: { state: 'QUEUED' } });
      if (failWith) return page({ id: 'q1', error: failWith, stats: { state: 'FAILED' } });
      if (request.url.endsWith('/1')) {
        return page({
          id: 'q1',
          nextUri: `${base}/v1/statement/executing/q1/2`,
          columns: [
            { name: 'id', type: 'bigint' },
            { name: 'amount', type: 'decimal(10,2)' },
            { name: 'at', type: 'timestamp(3) with time zone' },
          ],
          data: [[1, '12.50', '2018-01-01 10:00:00.000 UTC']],
        });
      }
      return page({ id: 'q1', columns: [], data: [[2, '7.25', '2018-01-02 11:30:00.000 +02:00']] });
    });
  });

  afterAll(async () => server?.close());
  beforeEach(() => {
    server.requests.length = 0;
    failWith = undefined;
  });

  const config = (): TrinoConnectionConfig => ({
    type: 'trino',
    host: '127.0.0.1',
    port: server.port,
    user: 'ann',
    dbname: 'hive',
    schema: 'analytics',
    http_scheme: 'http',
  });

  it('sends a prepared statement with literal values and the session zone, and follows the result pages', async () => {
    const adapter = new TrinoAdapter(config());
    const result = await adapter.runQuery('SELECT id, amount, at FROM orders WHERE customer = $1 AND id > $2', ["O'Brien", 0], {
      timezone: 'Europe/Paris',
    });
    expect(result).toEqual({
      fields: { id: { type: 'number' }, amount: { type: 'number' }, at: { type: 'timestamp' } },
      rows: [
        { id: 1, amount: 12.5, at: '2018-01-01T10:00:00.000Z' },
        { id: 2, amount: 7.25, at: '2018-01-02T09:30:00.000Z' },
      ],
    });
    const [submitted] = server.requests;
    expect(submitted?.body).toBe("EXECUTE IMMEDIATE 'SELECT id, amount, at FROM orders WHERE customer = ? AND id > ?' USING 'O''Brien', 0");
    expect(submitted?.headers).toMatchObject({
      'x-trino-time-zone': 'Europe/Paris',
      'x-trino-user': 'ann',
      'x-trino-catalog': 'hive',
      'x-trino-schema': 'analytics',
      'x-trino-source': 'quarry',
    });
  });

  it('streams in batches of the requested size', async () => {
    const batches = await collect(new TrinoAdapter(config()).streamQuery('SELECT 1', [], { batchSize: 1 }));
    expect(batches.map((batch) => batch.length)).toEqual([1, 1]);
  });

  it('reports an error Trino returns as a query error with its name', async () => {
    failWith = { message: 'line 1:8: Column x cannot be resolved', errorName: 'COLUMN_NOT_FOUND', errorCode: 47 };
    const failure = await failureOf(new TrinoAdapter(config()).runQuery('SELECT x'));
    expect(failure).toMatchObject({
      name: 'WarehouseQueryError',
      message: 'line 1:8: Column x cannot be resolved',
      data: { errorName: 'COLUMN_NOT_FOUND' },
    });
  });

  it('names the failing step of testConnection', async () => {
    failWith = { message: "Catalog 'hive' not found", errorName: 'CATALOG_NOT_FOUND', errorCode: 44 };
    expect((await failureOf(new TrinoAdapter(config()).testConnection())).data['step']).toBe('database');
    const unreachable = new TrinoAdapter({ ...config(), port: await unusedPort() });
    expect((await failureOf(unreachable.testConnection())).data['step']).toBe('connect');
  });
});
