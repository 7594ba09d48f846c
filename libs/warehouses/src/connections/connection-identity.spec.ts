import { identityChanges } from './connection-identity';
import type { WarehouseConnectionConfig } from './warehouse-connection';

const postgres: WarehouseConnectionConfig = {
  type: 'postgres',
  host: 'db',
  port: 5432,
  user: 'ann',
  password: 'pw',
  dbname: 'shop',
  schema: 'public',
};

describe('identityChanges', () => {
  it('sees no change when the request repeats the identity or leaves it out, whatever settings and secrets it changes', () => {
    expect(
      identityChanges(postgres, {
        type: 'postgres',
        host: 'db',
        port: 5432,
        user: 'ann',
        dbname: 'shop',
        schema: 'other',
        threads: 2,
        timeoutSeconds: 5,
        password: 'new',
      }),
    ).toEqual([]);
    expect(identityChanges(postgres, { type: 'postgres', schema: 'other' })).toEqual([]);
  });

  it('names each identity field that changes: host, port, database, login name, TLS mode, role, tunnel', () => {
    expect(
      identityChanges(postgres, {
        type: 'postgres',
        host: 'evil',
        port: 6543,
        user: 'bob',
        dbname: 'other',
        sslmode: 'disable',
        role: 'admin',
        useSshTunnel: true,
        sshTunnelHost: 'bastion',
      }),
    ).toEqual(['host', 'port', 'user', 'dbname', 'sslmode', 'role', 'useSshTunnel', 'sshTunnelHost']);
  });

  it('treats null as the default, like a missing value, and a changed kind as a change of type', () => {
    const noPort: WarehouseConnectionConfig = { ...postgres, port: undefined };
    expect(identityChanges(noPort, { type: 'postgres', port: null as never })).toEqual([]);
    expect(identityChanges(postgres, { type: 'postgres', port: null as never })).toEqual(['port']);
    expect(identityChanges(postgres, { type: 'duckdb', path: 'x.duckdb' })).toEqual(['type']);
  });

  it.each<[string, WarehouseConnectionConfig, Record<string, unknown>, string[]]>([
    [
      'snowflake',
      { type: 'snowflake', account: 'acme', user: 'ann', password: 'pw', database: 'DB', warehouse: 'WH', schema: 'S', role: 'R' },
      {
        account: 'evil',
        user: 'bob',
        database: 'X',
        warehouse: 'W2',
        role: 'ADMIN',
        accessUrl: 'https://evil',
        schema: 'T',
        queryTag: 'q',
      },
      ['account', 'user', 'database', 'warehouse', 'role', 'accessUrl'],
    ],
    [
      'bigquery',
      { type: 'bigquery', project: 'p', dataset: 'd', keyfileContents: { private_key: 'k' } },
      { project: 'other', executionProject: 'bill-me', dataset: 'e', location: 'EU', keyfileContents: { private_key: 'mine' } },
      ['project', 'executionProject'],
    ],
    [
      'databricks',
      { type: 'databricks', serverHostName: 'h', httpPath: '/sql', personalAccessToken: 't', database: 'default', catalog: 'main' },
      { serverHostName: 'evil', httpPath: '/other', catalog: 'hive', database: 'x' },
      ['serverHostName', 'httpPath', 'catalog'],
    ],
    [
      'trino',
      { type: 'trino', host: 'h', port: 443, user: 'ann', password: 'pw', dbname: 'hive', schema: 's', http_scheme: 'https' },
      { http_scheme: 'http', dbname: 'x', schema: 't' },
      ['http_scheme', 'dbname'],
    ],
    [
      'clickhouse',
      { type: 'clickhouse', host: 'h', port: 8443, user: 'ann', password: 'pw', schema: 'default', secure: true },
      { secure: false, schema: 'other' },
      ['secure', 'schema'],
    ],
    [
      'redshift',
      { type: 'redshift', host: 'h', user: 'ann', password: 'pw', dbname: 'dev', schema: 'public' },
      { host: 'x', ra3Node: true, schema: 'y' },
      ['host'],
    ],
  ])('%s: names the identity fields and leaves the session settings', (type, stored, changes, expected) => {
    expect(identityChanges(stored, { type, ...changes } as never)).toEqual(expected);
  });

  it('counts a field it does not know as identity (fails closed)', () => {
    expect(identityChanges(postgres, { type: 'postgres', proxyHost: 'evil' } as never)).toEqual(['proxyHost']);
  });
});
