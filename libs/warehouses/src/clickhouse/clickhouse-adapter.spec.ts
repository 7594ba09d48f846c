import type { ClickhouseConnectionConfig } from '../connections/clickhouse-connection';
import { type FakeHttpServer, fakeHttpServer } from '../testing/fake-http-server';
import { collect, failureOf, unusedPort } from '../testing/live-fixtures';
import { ClickHouseAdapter } from './clickhouse-adapter';

// The adapter against a stand-in for ClickHouse's HTTP interface.
describe('ClickHouseAdapter over the HTTP interface', () => {
  let server: FakeHttpServer;
  let exception: string | undefined;

  beforeAll(async () => {
    server = await fakeHttpServer((request, response) => {
      if (request.url.startsWith('/ping')) {
        response.end('Ok.\n');
        return;
      }
      if (exception) {
        response.statusCode = 500;
        response.setHeader('X-ClickHouse-Exception-Code', exception.replace(/^Code: (\d+).*$/s, '$1'));
        response.end(exception);
        return;
      }
      if (request.body.includes('system.databases')) {
        response.end(request.url.includes('param_name=analytics') ? '{"name":"analytics"}\n' : '');
        return;
      }
      response.setHeader('content-type', 'application/x-ndjson');
      response.end(
        [
          '["id","amount","at","big"]',
          '["UInt32","Decimal(10, 2)","Nullable(DateTime64(3))","Int64"]',
          '[1,"12.50","2018-01-01T10:00:00.000Z","9007199254740993"]',
          '[2,"7.25",null,"2"]',
          '',
        ].join('\n'),
      );
    });
  });

  afterAll(async () => server?.close());
  beforeEach(() => {
    server.requests.length = 0;
    exception = undefined;
  });

  const config = (): ClickhouseConnectionConfig => ({
    type: 'clickhouse',
    host: '127.0.0.1',
    port: server.port,
    user: 'ann',
    password: 'pw',
    schema: 'analytics',
  });

  it('sends typed parameters apart from the SQL, with lossless output settings, and normalises rows', async () => {
    const adapter = new ClickHouseAdapter(config());
    const result = await adapter.runQuery('SELECT id, amount, at, big FROM orders WHERE customer = $1 AND id > $2', ["O'Brien", 0], {
      timezone: 'Europe/Paris',
    });
    await adapter.close();
    expect(result).toEqual({
      fields: { id: { type: 'number' }, amount: { type: 'number' }, at: { type: 'timestamp' }, big: { type: 'number' } },
      rows: [
        { id: 1, amount: 12.5, at: '2018-01-01T10:00:00.000Z', big: '9007199254740993' },
        { id: 2, amount: 7.25, at: null, big: 2 },
      ],
    });
    const [sent] = server.requests;
    expect(sent?.body).toContain('SELECT id, amount, at, big FROM orders WHERE customer = {p1:String} AND id > {p2:Int64}');
    const url = new URL(sent?.url ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      param_p1: "O\\'Brien",
      param_p2: '0',
      database: 'analytics',
      session_timezone: 'Europe/Paris',
      output_format_json_quote_64bit_integers: '1',
      output_format_json_quote_decimals: '1',
      date_time_output_format: 'iso',
    });
  });

  it('streams in batches of the requested size', async () => {
    const adapter = new ClickHouseAdapter(config());
    const batches = await collect(adapter.streamQuery('SELECT 1', [], { batchSize: 1 }));
    await adapter.close();
    expect(batches.map((batch) => batch.length)).toEqual([1, 1]);
  });

  it('reports a server exception as a query error with its code', async () => {
    exception = 'Code: 47. DB::Exception: Unknown expression identifier `x`. (UNKNOWN_IDENTIFIER) (version 24.3.1.1)';
    const adapter = new ClickHouseAdapter(config());
    const failure = await failureOf(adapter.runQuery('SELECT x'));
    await adapter.close();
    expect(failure).toMatchObject({ name: 'WarehouseQueryError', data: { code: '47', type: 'UNKNOWN_IDENTIFIER' } });
  });

  it('names the failing step of testConnection', async () => {
    const ok = new ClickHouseAdapter(config());
    await expect(ok.testConnection()).resolves.toBeUndefined();
    await ok.close();
    const missing = new ClickHouseAdapter({ ...config(), schema: 'nope' });
    expect((await failureOf(missing.testConnection())).data['step']).toBe('schema');
    await missing.close();
    exception = 'Code: 516. DB::Exception: ann: Authentication failed: password is incorrect. (AUTHENTICATION_FAILED)';
    const refused = new ClickHouseAdapter(config());
    expect((await failureOf(refused.testConnection())).data['step']).toBe('authenticate');
    await refused.close();
    const unreachable = new ClickHouseAdapter({ ...config(), port: await unusedPort() });
    expect((await failureOf(unreachable.testConnection())).data['step']).toBe('connect');
    await unreachable.close();
  });
});
