import { ParameterError } from '@quarry/domain';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

import { inheritConnection } from './inherited-connection';

const stored: WarehouseConnectionConfig = {
  type: 'postgres',
  host: 'db',
  port: 5432,
  user: 'ann',
  password: 'stored-pw',
  dbname: 'shop',
  schema: 'public',
  sshTunnelPrivateKey: 'stored-key',
  useSshTunnel: true,
  sshTunnelHost: 'bastion',
};
const options = { field: 'warehouseConnection', owner: "the upstream project's" };

function refusal(run: () => unknown): ParameterError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParameterError) return error;
    throw error;
  }
  throw new Error('expected a ParameterError');
}

describe('inheritConnection', () => {
  it('uses the stored connection when the request gives none, or one of another kind', () => {
    expect(inheritConnection(stored, undefined, options)).toBe(stored);
    expect(inheritConnection(stored, { type: 'duckdb', path: 'x.duckdb' }, options)).toBe(stored);
  });

  it('keeps the stored secrets when only session settings change', () => {
    const merged = inheritConnection(
      stored,
      { type: 'postgres', host: 'db', port: 5432, user: 'ann', dbname: 'shop', schema: 'preview_42', threads: 2 },
      options,
    );
    expect(merged).toEqual({ ...stored, schema: 'preview_42', threads: 2 });
  });

  it.each([
    ['host', { host: 'attacker.example' }],
    ['port', { port: 6543 }],
    ['dbname', { dbname: 'other' }],
    ['user', { user: 'bob' }],
    ['sshTunnelHost', { sshTunnelHost: 'attacker.example' }],
  ])('refuses a change of %s that does not bring its own secrets, naming each missing one', (field, change) => {
    const error = refusal(() =>
      inheritConnection(stored, { type: 'postgres', host: 'db', user: 'ann', dbname: 'shop', schema: 'public', ...change }, options),
    );
    expect(Object.keys(error.data)).toEqual(['warehouseConnection.password', 'warehouseConnection.sshTunnelPrivateKey']);
    expect(error.message).toContain(`warehouseConnection.${field}`);
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toMatch(/stored-pw|stored-key/);
  });

  it('asks for the login name too when the request leaves it to the stored connection', () => {
    const error = refusal(() =>
      inheritConnection(stored, { type: 'postgres', host: 'elsewhere', password: 'mine', sshTunnelPrivateKey: 'my-key' } as never, options),
    );
    expect(Object.keys(error.data)).toEqual(['warehouseConnection.user']);
  });

  it('carries no stored secret into a connection that brings its own', () => {
    const merged = inheritConnection(
      stored,
      {
        type: 'postgres',
        host: 'elsewhere',
        user: 'bob',
        password: 'mine',
        sshTunnelPrivateKey: 'my-key',
        dbname: 'shop',
        schema: 'public',
      },
      options,
    );
    expect(merged).toMatchObject({
      host: 'elsewhere',
      user: 'bob',
      password: 'mine',
      sshTunnelPrivateKey: 'my-key',
      port: 5432,
      sshTunnelHost: 'bastion',
    });
  });

  it('requires only the secrets the stored connection has', () => {
    const plain: WarehouseConnectionConfig = {
      type: 'postgres',
      host: 'db',
      user: 'ann',
      password: 'pw',
      dbname: 'shop',
      schema: 'public',
    };
    expect(
      inheritConnection(
        plain,
        { type: 'postgres', host: 'elsewhere', user: 'ann', password: 'mine', dbname: 'shop', schema: 'public' },
        options,
      ),
    ).toMatchObject({ host: 'elsewhere', password: 'mine' });
  });

  it('applies to every kind: a databricks token does not follow a new workspace host', () => {
    const databricks: WarehouseConnectionConfig = {
      type: 'databricks',
      serverHostName: 'dbc.cloud',
      httpPath: '/sql/1',
      personalAccessToken: 'dapi-stored',
      database: 'default',
    };
    const error = refusal(() =>
      inheritConnection(
        databricks,
        { type: 'databricks', serverHostName: 'attacker.example', httpPath: '/sql/1', database: 'default' } as never,
        options,
      ),
    );
    expect(Object.keys(error.data)).toEqual(['warehouseConnection.personalAccessToken']);
    expect(
      inheritConnection(
        databricks,
        { type: 'databricks', serverHostName: 'dbc.cloud', httpPath: '/sql/1', database: 'preview' } as never,
        options,
      ),
    ).toMatchObject({ personalAccessToken: 'dapi-stored', database: 'preview' });
  });
});
