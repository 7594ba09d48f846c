import { redactConnection } from './redact-connection';
import { WAREHOUSE_SECRET_FIELDS, type WarehouseConnectionConfig } from './warehouse-connection';

const configs: WarehouseConnectionConfig[] = [
  {
    type: 'postgres',
    host: 'db',
    port: 5432,
    user: 'ann',
    password: 'pw',
    dbname: 'shop',
    schema: 'public',
    useSshTunnel: true,
    sshTunnelHost: 'bastion',
    sshTunnelPublicKey: 'ssh-ed25519 AAA',
    sshTunnelPrivateKey: '-----BEGIN-----',
  },
  { type: 'redshift', host: 'rs', user: 'ann', password: 'pw', dbname: 'dev', schema: 'public', ra3Node: true, sshTunnelPrivateKey: 'k' },
  {
    type: 'snowflake',
    account: 'acme',
    user: 'ann',
    password: 'pw',
    privateKey: 'pem',
    privateKeyPass: 'pass',
    database: 'DB',
    warehouse: 'WH',
    schema: 'PUBLIC',
    role: 'ANALYST',
  },
  { type: 'bigquery', project: 'p', dataset: 'd', keyfileContents: { private_key: 'k', client_email: 'e' }, location: 'EU' },
  { type: 'databricks', serverHostName: 'h', httpPath: '/sql', personalAccessToken: 'dapi', database: 'default', catalog: 'main' },
  { type: 'trino', host: 'h', port: 443, user: 'ann', password: 'pw', dbname: 'hive', schema: 's', http_scheme: 'https' },
  { type: 'clickhouse', host: 'h', port: 8443, user: 'ann', password: 'pw', schema: 'default', secure: true },
  { type: 'duckdb', path: 'demo.duckdb' },
];

describe('redactConnection', () => {
  it.each(configs.map((config) => [config.type, config] as const))(
    'removes every secret field of %s and keeps the rest',
    (type, config) => {
      const shown = redactConnection(config);
      for (const field of WAREHOUSE_SECRET_FIELDS[type] as readonly string[]) expect(shown).not.toHaveProperty(field);
      const kept = Object.keys(config).filter((field) => !(WAREHOUSE_SECRET_FIELDS[type] as readonly string[]).includes(field));
      expect(Object.keys(shown).sort()).toEqual(kept.sort());
      expect(JSON.stringify(shown)).not.toMatch(/"pw"|pem|"pass"|dapi|BEGIN|private_key/);
    },
  );

  it('does not change the config it was given', () => {
    const config = configs[0]!;
    redactConnection(config);
    expect(config).toHaveProperty('password', 'pw');
  });

  it('names the credentials of each kind, as the reference does (login names included)', () => {
    expect(WAREHOUSE_SECRET_FIELDS).toEqual({
      postgres: ['user', 'password', 'sshTunnelPrivateKey'],
      redshift: ['user', 'password', 'sshTunnelPrivateKey'],
      snowflake: ['user', 'password', 'privateKey', 'privateKeyPass'],
      bigquery: ['keyfileContents'],
      databricks: ['personalAccessToken'],
      trino: ['user', 'password'],
      clickhouse: ['user', 'password'],
      duckdb: [],
    });
  });

  it('removes every known secret from a config of unknown kind', () => {
    const shown = redactConnection({ type: 'oracle', user: 'u', password: 'p', token: 't', personalAccessToken: 'x' } as never);
    expect(shown).toEqual({ type: 'oracle', token: 't' });
  });
});
