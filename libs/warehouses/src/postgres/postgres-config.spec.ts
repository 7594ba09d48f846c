import type { PostgresConnectionConfig } from '../connections/postgres-connection';
import type { RedshiftConnectionConfig } from '../connections/redshift-connection';
import { postgresClientConfig, postgresPoolConfig } from './postgres-client-config';
import { postgresConnectionStep } from './postgres-errors';
import { postgresSessionSettings, sessionSetupQuery } from './postgres-session-settings';
import { isSslNegotiationFailure, sslAttempts } from './postgres-ssl';

const base: PostgresConnectionConfig = {
  type: 'postgres',
  host: 'db.example.com',
  user: 'ann',
  password: 'pw',
  dbname: 'shop',
  schema: 'analytics',
};

describe('sslAttempts (libpq sslmode → node-postgres ssl)', () => {
  it.each([
    ['disable', [false]],
    ['allow', [false, { rejectUnauthorized: false }]],
    ['prefer', [{ rejectUnauthorized: false }, false]],
    [undefined, [{ rejectUnauthorized: false }, false]],
    ['require', [{ rejectUnauthorized: false }]],
    ['no-verify', [{ rejectUnauthorized: false }]],
    ['verify-full', [{ rejectUnauthorized: true }]],
  ] as const)('%s', (mode, attempts) => {
    expect(sslAttempts(mode)).toEqual(attempts);
  });

  it('verify-ca checks the chain but not the host name', () => {
    const [ssl] = sslAttempts('verify-ca');
    expect(ssl).toMatchObject({ rejectUnauthorized: true });
    expect(ssl && ssl.checkServerIdentity?.('other.host', {} as never)).toBeUndefined();
  });

  it('rejects an unknown mode naming sslmode', () => {
    expect(() => sslAttempts('always' as never)).toThrow(expect.objectContaining({ data: { step: 'configuration', field: 'sslmode' } }));
  });

  it('falls back only when the server refused the encryption choice', () => {
    expect(isSslNegotiationFailure(new Error('The server does not support SSL connections'))).toBe(true);
    expect(
      isSslNegotiationFailure({
        code: '28000',
        message: 'no pg_hba.conf entry for host "1.2.3.4", user "ann", database "shop", no encryption',
      }),
    ).toBe(true);
    expect(isSslNegotiationFailure({ code: '28P01', message: 'password authentication failed' })).toBe(false);
  });
});

describe('postgresClientConfig', () => {
  it('maps the connection fields', () => {
    expect(postgresClientConfig({ ...base, port: 6543, keepalivesIdle: 30 }, false)).toMatchObject({
      host: 'db.example.com',
      port: 6543,
      user: 'ann',
      password: 'pw',
      database: 'shop',
      ssl: false,
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
      application_name: 'quarry',
    });
  });

  it('defaults the port per kind and leaves keepalives to the OS when unset', () => {
    expect(postgresClientConfig(base, false)).toMatchObject({ port: 5432, keepAlive: false });
    const redshift: RedshiftConnectionConfig = { type: 'redshift', host: 'rs', user: 'u', dbname: 'dev', schema: 'public' };
    expect(postgresClientConfig(redshift, false)).toMatchObject({ port: 5439 });
  });

  it('sizes the pool by threads', () => {
    expect(postgresPoolConfig({ ...base, threads: 8 }, false).max).toBe(8);
    expect(postgresPoolConfig(base, false).max).toBe(4);
  });

  it.each([
    [{ host: '' }, 'host'],
    [{ dbname: undefined }, 'dbname'],
    [{ port: 70000 }, 'port'],
    [{ keepalivesIdle: -1 }, 'keepalivesIdle'],
  ])('names the invalid field %p', (override, field) => {
    expect(() => postgresClientConfig({ ...base, ...override } as PostgresConnectionConfig, false)).toThrow(
      expect.objectContaining({ data: { step: 'configuration', field } }),
    );
  });

  it('refuses SSH tunnels, which need the ssh2 package', () => {
    expect(() => postgresClientConfig({ ...base, useSshTunnel: true }, false)).toThrow(
      expect.objectContaining({ data: { step: 'ssh-tunnel' } }),
    );
  });
});

describe('postgres session settings', () => {
  it('applies search path, role, statement timeout and time zone as bound set_config calls', () => {
    const settings = postgresSessionSettings(
      { ...base, searchPath: 'analytics, public', role: 'reader', timeoutSeconds: 30 },
      { timezone: 'Europe/Paris' },
    );
    expect(settings).toEqual([
      { name: 'search_path', value: 'analytics, public' },
      { name: 'role', value: 'reader' },
      { name: 'statement_timeout', value: '30000' },
      { name: 'TimeZone', value: 'Europe/Paris' },
    ]);
    expect(sessionSetupQuery(settings)).toEqual({
      text: 'SELECT pg_backend_pid() AS pid, set_config($1, $2, true), set_config($3, $4, true), set_config($5, $6, true), set_config($7, $8, true)',
      values: ['search_path', 'analytics, public', 'role', 'reader', 'statement_timeout', '30000', 'TimeZone', 'Europe/Paris'],
    });
  });

  it('has no search path or role on Redshift, and nothing when nothing is set', () => {
    expect(postgresSessionSettings({ type: 'redshift', host: 'h', user: 'u', dbname: 'd', schema: 's', timeoutSeconds: 0 }, {})).toEqual(
      [],
    );
    expect(sessionSetupQuery([]).text).toBe('SELECT pg_backend_pid() AS pid');
  });
});

describe('postgresConnectionStep', () => {
  it.each([
    [{ code: 'ENOTFOUND' }, 'resolve-host'],
    [{ code: 'ECONNREFUSED' }, 'connect'],
    [new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]), 'connect'],
    [{ code: 'ETIMEDOUT' }, 'connect'],
    [new Error('Connection terminated due to connection timeout'), 'connect'],
    [{ code: '28P01', message: 'password authentication failed for user "ann"' }, 'authenticate'],
    [{ code: '28000', message: 'role "nobody" does not exist' }, 'authenticate'],
    [{ code: '3D000', message: 'database "nope" does not exist' }, 'database'],
    [new Error('The server does not support SSL connections'), 'tls'],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, 'tls'],
    [{ code: '53300' }, 'connect'],
  ])('%p → %s', (error, step) => {
    expect(postgresConnectionStep(error)).toBe(step);
  });
});
