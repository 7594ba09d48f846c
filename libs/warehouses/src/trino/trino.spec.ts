import type { TrinoConnectionConfig } from '../connections/trino-connection';
import { expectedRow, SDK_COLUMNS } from '../testing/expected-row-values';
import { rowFromValues } from '../values/result-columns';
import { trinoConnectionStep } from './trino-errors';
import { trinoClientOptions, trinoHeaders, trinoLiteral, trinoStatement } from './trino-options';
import { trinoColumns, trinoDimensionType, trinoKind } from './trino-types';

const config: TrinoConnectionConfig = {
  type: 'trino',
  host: 'trino.example.com',
  port: 8443,
  user: 'ann',
  password: 'pw',
  dbname: 'hive',
  schema: 'analytics',
  http_scheme: 'https',
};

describe('trino client options', () => {
  it('maps host, port, scheme, catalog and credentials', () => {
    expect(trinoClientOptions(config)).toEqual({
      server: 'https://trino.example.com:8443',
      catalog: 'hive',
      schema: 'analytics',
      source: 'quarry',
      user: 'ann',
      password: 'pw',
    });
    expect(trinoClientOptions({ ...config, http_scheme: 'http', port: undefined as never, password: '', source: 'bi' })).toMatchObject({
      server: 'http://trino.example.com:8080',
      source: 'bi',
      password: undefined,
    });
  });

  it('names invalid fields', () => {
    expect(() => trinoClientOptions({ ...config, http_scheme: 'ftp' as never })).toThrow(
      expect.objectContaining({ data: { step: 'configuration', field: 'http_scheme' } }),
    );
    expect(() => trinoClientOptions({ ...config, dbname: '' })).toThrow(
      expect.objectContaining({ data: { step: 'configuration', field: 'dbname' } }),
    );
  });

  it('sends the session time zone as a header', () => {
    expect(trinoHeaders({ timezone: 'Europe/Paris' })).toEqual({ 'X-Trino-Time-Zone': 'Europe/Paris' });
    expect(trinoHeaders({})).toEqual({});
  });
});

describe('trino statements', () => {
  it('runs SQL without parameters as written', () => {
    expect(trinoStatement('SELECT $1 FROM t', [])).toBe('SELECT $1 FROM t');
  });

  it('prepares and executes in one step, values as escaped literals in placeholder order', () => {
    const hostile = "'); DROP TABLE t; --";
    expect(trinoStatement("SELECT * FROM t WHERE a = $2 AND b = '$1' AND c = $1 AND d = $2;", [hostile, 3])).toBe(
      "EXECUTE IMMEDIATE 'SELECT * FROM t WHERE a = ? AND b = ''$1'' AND c = ? AND d = ?' USING 3, '''); DROP TABLE t; --', 3",
    );
  });

  it.each([
    [null, 'NULL'],
    [true, 'TRUE'],
    [42, '42'],
    [1.5, "DOUBLE '1.5'"],
    [2n ** 70n, '1180591620717411303424'],
    ["it's \\ ✓", "'it''s \\ ✓'"],
    [new Date('2018-01-01T12:34:56.789Z'), "TIMESTAMP '2018-01-01 12:34:56.789 UTC'"],
  ])('renders %p as %s', (value, literal) => {
    expect(trinoLiteral(value)).toBe(literal);
  });

  it('refuses a placeholder with no value', () => {
    expect(() => trinoStatement('SELECT $2', ['x'])).toThrow(/\$2/);
  });
});

describe('trino types and values', () => {
  it.each([
    ['integer', 'integer'],
    ['bigint', 'integer'],
    ['double', 'float'],
    ['real', 'float'],
    ['decimal(38,2)', 'decimal'],
    ['boolean', 'boolean'],
    ['date', 'date'],
    ['timestamp(3)', 'timestamp'],
    ['timestamp(6) with time zone', 'timestamp'],
    ['varchar(40)', 'string'],
    ['time(3)', 'string'],
    ['json', 'string'],
    ['array(varchar)', 'json'],
    ['row(a integer, b varchar)', 'json'],
    ['map(varchar, integer)', 'json'],
  ])('%s is a %s column', (type, kind) => {
    expect(trinoKind(type)).toBe(kind);
  });

  it('maps catalog types', () => {
    expect(trinoDimensionType('decimal(10,2)')).toBe('number');
    expect(trinoDimensionType('timestamp(3) with time zone')).toBe('timestamp');
    expect(trinoDimensionType('array(date)')).toBe('string');
  });

  it("normalises Trino's JSON values exactly as every other adapter does", () => {
    // Trino's protocol: decimals and temporals as text, zoned timestamps with their zone, NaN as text.
    // BIGINT arrives as a JSON number, so beyond 2^53 it is already rounded by JSON parsing (see README gap).
    const columns = trinoColumns([
      { name: 'int_value', type: 'integer' },
      { name: 'decimal_value', type: 'decimal(10,2)' },
      { name: 'wide_decimal', type: 'decimal(38,2)' },
      { name: 'double_value', type: 'double' },
      { name: 'nan_value', type: 'double' },
      { name: 'true_value', type: 'boolean' },
      { name: 'date_value', type: 'date' },
      { name: 'timestamp_value', type: 'timestamp(3)' },
      { name: 'zoned_value', type: 'timestamp(3) with time zone' },
      { name: 'text_value', type: 'varchar' },
      { name: 'null_number', type: 'bigint' },
      { name: 'real_value', type: 'real' },
    ]);
    const data = [
      42,
      '12.50',
      '12345678901234567890.12',
      1.5,
      'NaN',
      true,
      '2018-01-01',
      '2018-01-01 12:34:56.789',
      '2018-06-01 12:34:56.789 Europe/Paris',
      'héllo ✓',
      null,
      1.1,
    ];
    expect(rowFromValues(columns, data)).toEqual(expectedRow([...SDK_COLUMNS.filter((column) => column !== 'big_int'), 'real_value']));
  });
});

describe('trinoConnectionStep', () => {
  it.each([
    [{ code: 'ENOTFOUND' }, 'resolve-host'],
    [{ code: 'ECONNREFUSED' }, 'connect'],
    [{ message: 'Request failed with status code 401', response: { status: 401 } }, 'authenticate'],
    [{ message: "line 1:15: Catalog 'nope' not found", errorName: 'CATALOG_NOT_FOUND' }, 'database'],
    [{ message: "Schema 'nope' does not exist", errorName: 'SCHEMA_NOT_FOUND' }, 'schema'],
    [{ message: 'Access Denied', errorName: 'PERMISSION_DENIED' }, 'authenticate'],
    [{ message: 'line 1:1: mismatched input', errorName: 'SYNTAX_ERROR' }, 'query'],
  ])('%p → %s', (error, step) => {
    expect(trinoConnectionStep(error)).toBe(step);
  });
});
