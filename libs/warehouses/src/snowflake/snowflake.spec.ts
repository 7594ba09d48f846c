import type { SnowflakeConnectionConfig } from '../connections/snowflake-connection';
import { expectedRow, SDK_COLUMNS } from '../testing/expected-row-values';
import { fieldsOf, rowFromValues } from '../values/result-columns';
import { snowflakeColumnsSql } from './snowflake-catalog-sql';
import { snowflakeConnectionStep } from './snowflake-errors';
import { snowflakeConnectionOptions, snowflakeIdentifier, snowflakeStatement, snowflakeStatementParameters } from './snowflake-options';
import { snowflakeColumnName, snowflakeColumns, snowflakeDimensionType, snowflakeKind } from './snowflake-types';

const config: SnowflakeConnectionConfig = {
  type: 'snowflake',
  account: 'acme-xy12345',
  user: 'ANN',
  password: 'pw',
  database: 'ANALYTICS',
  warehouse: 'WH',
  schema: 'PUBLIC',
  role: 'REPORTER',
};

describe('snowflake connection options', () => {
  it('signs in with a password by default', () => {
    expect(
      snowflakeConnectionOptions({ ...config, clientSessionKeepAlive: true, accessUrl: 'https://acme.privatelink.snowflakecomputing.com' }),
    ).toEqual({
      account: 'acme-xy12345',
      accessUrl: 'https://acme.privatelink.snowflakecomputing.com',
      username: 'ANN',
      authenticator: 'SNOWFLAKE',
      password: 'pw',
      database: 'ANALYTICS',
      schema: 'PUBLIC',
      warehouse: 'WH',
      role: 'REPORTER',
      clientSessionKeepAlive: true,
    });
  });

  it('uses key-pair (JWT) sign-in when given a private key', () => {
    const options = snowflakeConnectionOptions({
      ...config,
      password: undefined,
      privateKey: '-----BEGIN PRIVATE KEY-----',
      privateKeyPass: 'secret',
    });
    expect(options).toMatchObject({ authenticator: 'SNOWFLAKE_JWT', privateKey: '-----BEGIN PRIVATE KEY-----', privateKeyPass: 'secret' });
    expect(options).not.toHaveProperty('password');
  });

  it.each([
    [{ authenticationType: 'sso' }, 'authenticationType'],
    [{ authenticationType: 'private_key' }, 'privateKey'],
    [{ password: undefined }, 'password'],
    [{ warehouse: '' }, 'warehouse'],
    [{ account: undefined }, 'account'],
  ])('names the missing or invalid field %p', (override, field) => {
    expect(() => snowflakeConnectionOptions({ ...config, ...override } as SnowflakeConnectionConfig)).toThrow(
      expect.objectContaining({ data: { step: 'configuration', field } }),
    );
  });
});

describe('snowflake statements', () => {
  it('binds $n as :n, with Dates as ISO text and big integers as digits, numbers fetched as text', () => {
    const statement = snowflakeStatement(
      config,
      "SELECT * FROM t WHERE a = $1 AND b > $2 AND c = $1 AND d = '$3' AND e = $3",
      ["x'; DROP TABLE t; --", new Date('2018-01-01T00:00:00Z'), 2n ** 70n],
      {},
    );
    expect(statement).toEqual({
      sqlText: "SELECT * FROM t WHERE a = :1 AND b > :2 AND c = :1 AND d = '$3' AND e = :3",
      binds: ["x'; DROP TABLE t; --", '2018-01-01T00:00:00.000Z', '1180591620717411303424'],
      parameters: { MULTI_STATEMENT_COUNT: 1 },
      fetchAsString: ['Number'],
      rowMode: 'array',
      streamResult: true,
    });
  });

  it('sends the session settings with each statement, one statement only (issue 31)', () => {
    expect(
      snowflakeStatementParameters(
        { ...config, queryTag: 'quarry', timeoutSeconds: 90.5, quotedIdentifiersIgnoreCase: false },
        { timezone: 'Europe/Paris' },
      ),
    ).toEqual({
      MULTI_STATEMENT_COUNT: 1,
      QUERY_TAG: 'quarry',
      TIMEZONE: 'Europe/Paris',
      STATEMENT_TIMEOUT_IN_SECONDS: 91,
      QUOTED_IDENTIFIERS_IGNORE_CASE: false,
    });
  });

  it('quotes identifiers only when they are not plain', () => {
    expect(snowflakeIdentifier('analytics')).toBe('analytics');
    expect(snowflakeIdentifier('my-db"x')).toBe('"my-db""x"');
    expect(snowflakeColumnsSql('my-db', 2)).toMatch(
      /FROM "my-db"\.information_schema\.columns\s+WHERE lower\(table_schema\) IN \(\$1, \$2\)/,
    );
  });
});

describe('snowflake types and values', () => {
  it.each([
    ['fixed', 0, 'integer'],
    ['fixed', 2, 'decimal'],
    ['real', 0, 'float'],
    ['boolean', 0, 'boolean'],
    ['date', 0, 'date'],
    ['timestamp_ntz', 9, 'timestamp'],
    ['timestamp_ltz', 9, 'timestamp'],
    ['timestamp_tz', 9, 'timestamp'],
    ['variant', 0, 'json'],
    ['text', 0, 'string'],
    ['time', 9, 'string'],
    ['binary', 0, 'string'],
  ])('%s (scale %i) is a %s column', (type, scale, kind) => {
    expect(snowflakeKind(type, scale)).toBe(kind);
  });

  it.each([
    ['NUMBER', 'number'],
    ['NUMBER(38,0)', 'number'],
    ['FLOAT', 'number'],
    ['BOOLEAN', 'boolean'],
    ['DATE', 'date'],
    ['TIMESTAMP_NTZ', 'timestamp'],
    ['TIMESTAMP_TZ', 'timestamp'],
    ['TEXT', 'string'],
    ['VARIANT', 'string'],
    ['TIME', 'string'],
  ])('catalog type %s is %s', (native, dimension) => {
    expect(snowflakeDimensionType(native)).toBe(dimension);
  });

  it('reports folded column names in lower case and keeps quoted mixed-case ones', () => {
    expect(snowflakeColumnName('ORDER_DATE')).toBe('order_date');
    expect(snowflakeColumnName('orderDate')).toBe('orderDate');
  });

  it('normalises what snowflake-sdk hands over exactly as every other adapter does', () => {
    const described = [
      { name: 'int_value', type: 'fixed', scale: 0 },
      { name: 'big_int', type: 'fixed', scale: 0 },
      { name: 'decimal_value', type: 'fixed', scale: 2 },
      { name: 'wide_decimal', type: 'fixed', scale: 2 },
      { name: 'double_value', type: 'real', scale: 0 },
      { name: 'nan_value', type: 'real', scale: 0 },
      { name: 'true_value', type: 'boolean', scale: 0 },
      { name: 'date_value', type: 'date', scale: 0 },
      { name: 'timestamp_value', type: 'timestamp_ntz', scale: 9 },
      { name: 'zoned_value', type: 'timestamp_tz', scale: 9 },
      { name: 'text_value', type: 'text', scale: 0 },
      { name: 'null_number', type: 'fixed', scale: 0 },
    ];
    // With fetchAsString ['Number'], numbers are text; dates and timestamps are JS Dates.
    const values = [
      '42',
      '9007199254740993',
      '12.50',
      '12345678901234567890.12',
      '1.5',
      'NaN',
      true,
      new Date('2018-01-01T00:00:00.000Z'),
      new Date('2018-01-01T12:34:56.789Z'),
      new Date('2018-06-01T10:34:56.789Z'),
      'héllo ✓',
      null,
    ];
    const columns = snowflakeColumns(described);
    expect(rowFromValues(columns, values)).toEqual(expectedRow(SDK_COLUMNS));
    expect(fieldsOf(columns)['timestamp_value']).toEqual({ type: 'timestamp' });
    expect(rowFromValues(snowflakeColumns([{ name: 't', type: 'time', scale: 9 }]), [{ toString: () => '12:34:56' }])).toEqual({
      t: '12:34:56',
    });
  });
});

describe('snowflakeConnectionStep', () => {
  it.each([
    [{ code: 390100, message: 'Incorrect username or password was specified.' }, 'authenticate'],
    [{ code: 390144, message: 'JWT token is invalid.' }, 'authenticate'],
    [{ code: 390189, message: "Role 'X' specified in the connect string is not granted to this user." }, 'role'],
    [{ code: 401001, message: 'Network error', cause: { code: 'ENOTFOUND' } }, 'resolve-host'],
    [{ code: 401001, message: 'Network error', cause: { code: 'ECONNREFUSED' } }, 'connect'],
    [{ code: 404008, message: 'Invalid account' }, 'configuration'],
    [{ message: 'socket hang up' }, 'connect'],
  ])('%p → %s', (error, step) => {
    expect(snowflakeConnectionStep(error)).toBe(step);
  });
});
