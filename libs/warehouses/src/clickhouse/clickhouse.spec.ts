import type { ClickhouseConnectionConfig } from '../connections/clickhouse-connection';
import { expectedRow, SDK_COLUMNS } from '../testing/expected-row-values';
import { rowFromValues } from '../values/result-columns';
import { clickHouseConnectionStep } from './clickhouse-errors';
import {
  CLICKHOUSE_OUTPUT_SETTINGS,
  CLICKHOUSE_SQL_SETTINGS,
  clickHouseClientOptions,
  clickHouseParamType,
  clickHouseStatement,
} from './clickhouse-options';
import { clickHouseColumns, clickHouseDimensionType, clickHouseKind, unwrapClickHouseType } from './clickhouse-types';

const config: ClickhouseConnectionConfig = {
  type: 'clickhouse',
  host: 'ch.example.com',
  port: 8443,
  user: 'ann',
  password: 'pw',
  schema: 'analytics',
  secure: true,
};

describe('clickhouse client options', () => {
  it('maps the HTTP(S) endpoint, credentials, database and lossless JSON output', () => {
    expect(clickHouseClientOptions({ ...config, timeoutSeconds: 30 })).toEqual({
      url: 'https://ch.example.com:8443',
      username: 'ann',
      password: 'pw',
      database: 'analytics',
      application: 'quarry',
      request_timeout: 30_000,
      clickhouse_settings: {
        ...CLICKHOUSE_OUTPUT_SETTINGS,
        join_use_nulls: 1,
        aggregate_functions_null_for_empty: 1,
        max_execution_time: 30,
      },
    });
    expect(CLICKHOUSE_SQL_SETTINGS).toEqual({ join_use_nulls: 1, aggregate_functions_null_for_empty: 1 });
    expect(CLICKHOUSE_OUTPUT_SETTINGS).toMatchObject({
      output_format_json_quote_64bit_integers: 1,
      output_format_json_quote_decimals: 1,
      date_time_output_format: 'iso',
    });
  });

  it('defaults the port to the scheme and names invalid fields', () => {
    expect(clickHouseClientOptions({ ...config, secure: false, port: undefined as never }).url).toBe('http://ch.example.com:8123');
    expect(() => clickHouseClientOptions({ ...config, schema: '' })).toThrow(
      expect.objectContaining({ data: { step: 'configuration', field: 'schema' } }),
    );
  });
});

describe('clickhouse statements', () => {
  it('binds $n as typed {pn:Type} parameters, values sent apart from the SQL', () => {
    const hostile = "x'); DROP TABLE t; --";
    const statement = clickHouseStatement(
      "SELECT * FROM t WHERE a = $1 AND b = '$2' AND c = $2 AND d = $1 AND e = $3 AND f = $4 AND g = $5 AND h = $6",
      [hostile, 42, 1.5, true, null, new Date('2018-01-01T12:34:56.789Z')],
      { timezone: 'Europe/Paris', timeoutMs: 1500 },
    );
    expect(statement).toEqual({
      query:
        "SELECT * FROM t WHERE a = {p1:String} AND b = '$2' AND c = {p2:Int64} AND d = {p1:String} AND e = {p3:Float64} AND f = {p4:Bool} AND g = {p5:Nullable(String)} AND h = {p6:DateTime64(3, 'UTC')}",
      query_params: { p1: hostile, p2: 42, p3: 1.5, p4: true, p5: null, p6: '2018-01-01 12:34:56.789' },
      clickhouse_settings: { session_timezone: 'Europe/Paris', max_execution_time: 2 },
    });
  });

  it('types big integers wide enough', () => {
    expect(clickHouseParamType(2n ** 62n)).toBe('Int64');
    expect(clickHouseParamType(2n ** 64n)).toBe('Int256');
  });
});

describe('clickhouse types and values', () => {
  it.each([
    ['UInt8', 'integer'],
    ['Int64', 'integer'],
    ['UInt256', 'integer'],
    ['Float32', 'float'],
    ['Decimal(10, 2)', 'decimal'],
    ['Decimal64(3)', 'decimal'],
    ['Bool', 'boolean'],
    ['Date32', 'date'],
    ["DateTime('Europe/Paris')", 'timestamp'],
    ["Nullable(DateTime64(3, 'UTC'))", 'timestamp'],
    ['LowCardinality(Nullable(String))', 'string'],
    ['FixedString(3)', 'string'],
    ["Enum8('a' = 1)", 'string'],
    ['UUID', 'string'],
    ['Array(String)', 'json'],
    ['Map(String, UInt64)', 'json'],
    ['Tuple(a Int32)', 'json'],
  ])('%s is a %s column', (type, kind) => {
    expect(clickHouseKind(type)).toBe(kind);
  });

  it('unwraps Nullable and LowCardinality', () => {
    expect(unwrapClickHouseType('LowCardinality(Nullable(String))')).toBe('String');
    expect(clickHouseDimensionType('Nullable(Decimal(38, 2))')).toBe('number');
  });

  it("normalises ClickHouse's JSON output exactly as every other adapter does", () => {
    // JSONCompactEachRowWithNamesAndTypes with quoted 64-bit integers and decimals, ISO DateTime.
    const names = [
      'int_value',
      'big_int',
      'decimal_value',
      'wide_decimal',
      'double_value',
      'nan_value',
      'true_value',
      'date_value',
      'timestamp_value',
      'zoned_value',
      'text_value',
      'null_number',
    ];
    const types = [
      'Int32',
      'Int64',
      'Decimal(10, 2)',
      'Decimal(38, 2)',
      'Float64',
      'Float64',
      'Bool',
      'Date',
      'DateTime64(3)',
      "DateTime64(3, 'Europe/Paris')",
      'String',
      'Nullable(Int32)',
    ];
    const values = JSON.parse(
      '[42, "9007199254740993", "12.50", "12345678901234567890.12", 1.5, "nan", true, "2018-01-01", "2018-01-01T12:34:56.789Z", "2018-06-01T10:34:56.789Z", "héllo ✓", null]',
    ) as unknown[];
    expect(rowFromValues(clickHouseColumns(names, types), values)).toEqual(expectedRow(SDK_COLUMNS));
  });
});

describe('clickHouseConnectionStep', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, 'connect'],
    [{ code: 'ENOTFOUND' }, 'resolve-host'],
    [{ code: '516', message: 'ann: Authentication failed: password is incorrect' }, 'authenticate'],
    [{ code: '81', message: 'Database nope does not exist' }, 'schema'],
    [{ code: '62', message: 'Syntax error' }, 'query'],
    [new Error('Timeout error.'), 'connect'],
  ])('%p → %s', (error, step) => {
    expect(clickHouseConnectionStep(error)).toBe(step);
  });
});
