import { execFileSync } from 'node:child_process';

import type { DatabricksConnectionConfig } from '../connections/databricks-connection';
import { expectedRow, SDK_COLUMNS } from '../testing/expected-row-values';
import { rowFromRecord } from '../values/result-columns';
import { databricksConnectionStep } from './databricks-errors';
import { databricksConnectOptions, databricksSessionRequest, databricksStatement, databricksTimezoneStatement } from './databricks-options';
import { databricksColumns, databricksDimensionType, databricksKind } from './databricks-types';

const config: DatabricksConnectionConfig = {
  type: 'databricks',
  serverHostName: 'https://dbc-1234.cloud.databricks.com/',
  httpPath: 'sql/1.0/warehouses/abc',
  personalAccessToken: 'dapi123',
  catalog: 'main',
  database: 'analytics',
};

// The SDK's own TTypeId enum. Read in a plain Node process: its thrift dependency pulls in an
// ESM-only package, which Node 20 can require but jest's module runtime cannot.
const TTypeId = JSON.parse(
  execFileSync(
    process.execPath,
    ['-e', "process.stdout.write(JSON.stringify(require('@databricks/sql').thrift.TCLIService_types.TTypeId))"],
    {
      encoding: 'utf8',
    },
  ),
) as Record<string, number>;
const schemaOf = (columns: [string, string][]) => ({
  columns: columns.map(([columnName, type]) => ({
    columnName,
    typeDesc: { types: [{ primitiveEntry: { type: TTypeId[type] as number } }] },
  })),
});

describe('databricks options', () => {
  it('connects with the personal access token, keeping numeric precision', () => {
    expect(databricksConnectOptions(config)).toEqual({
      host: 'dbc-1234.cloud.databricks.com',
      path: '/sql/1.0/warehouses/abc',
      authType: 'access-token',
      token: 'dapi123',
      preserveBigNumericPrecision: true,
      userAgentEntry: 'quarry',
      telemetryEnabled: false,
    });
  });

  it('opens sessions on the catalog and schema', () => {
    expect(databricksSessionRequest(config)).toEqual({ initialCatalog: 'main', initialSchema: 'analytics' });
    expect(databricksSessionRequest({ ...config, catalog: undefined })).toEqual({ initialCatalog: undefined, initialSchema: 'analytics' });
  });

  it.each(['serverHostName', 'httpPath', 'personalAccessToken', 'database'] as const)('names a missing %s', (field) => {
    expect(() => {
      const broken = { ...config, [field]: '' };
      databricksConnectOptions(broken);
      databricksSessionRequest(broken);
    }).toThrow(expect.objectContaining({ data: { step: 'configuration', field } }));
  });

  it('binds $n as named :pn markers with typed values', () => {
    const when = new Date('2018-01-01T00:00:00Z');
    expect(
      databricksStatement("SELECT * FROM t WHERE a = $1 AND b = '$2' AND c = $2 AND d = $1 AND e = $3 AND f = $4", [
        "x\\' OR 1=1",
        null,
        when,
        2n ** 62n,
      ]),
    ).toEqual({
      sql: "SELECT * FROM t WHERE a = :p1 AND b = '$2' AND c = :p2 AND d = :p1 AND e = :p3 AND f = :p4",
      namedParameters: {
        p1: { value: "x\\' OR 1=1" },
        p2: { type: 'VOID', value: null },
        p3: { type: 'TIMESTAMP', value: when },
        p4: { type: 'BIGINT', value: 2n ** 62n },
      },
    });
  });

  it('sets the session time zone with an escaped literal', () => {
    expect(databricksTimezoneStatement({ timezone: "Europe/Paris'\\" })).toBe("SET TIME ZONE 'Europe/Paris''\\\\'");
    expect(databricksTimezoneStatement({})).toBeUndefined();
  });
});

describe('databricks types and values', () => {
  it("maps every TTypeId of the SDK's protocol by name", () => {
    const kinds = Object.fromEntries(
      Object.entries(TTypeId)
        .filter(([name]) => name.endsWith('_TYPE'))
        .map(([name, id]) => [name, databricksKind(id)]),
    );
    expect(kinds).toEqual({
      BOOLEAN_TYPE: 'boolean',
      TINYINT_TYPE: 'integer',
      SMALLINT_TYPE: 'integer',
      INT_TYPE: 'integer',
      BIGINT_TYPE: 'integer',
      FLOAT_TYPE: 'float',
      DOUBLE_TYPE: 'float',
      STRING_TYPE: 'string',
      TIMESTAMP_TYPE: 'timestamp',
      BINARY_TYPE: 'string',
      ARRAY_TYPE: 'json',
      MAP_TYPE: 'json',
      STRUCT_TYPE: 'json',
      UNION_TYPE: 'string',
      USER_DEFINED_TYPE: 'string',
      DECIMAL_TYPE: 'decimal',
      NULL_TYPE: 'string',
      DATE_TYPE: 'date',
      VARCHAR_TYPE: 'string',
      CHAR_TYPE: 'string',
      INTERVAL_YEAR_MONTH_TYPE: 'string',
      INTERVAL_DAY_TIME_TYPE: 'string',
    });
    expect(databricksKind(undefined)).toBe('string');
  });

  it.each([
    ['int', 'number'],
    ['bigint', 'number'],
    ['decimal(10,2)', 'number'],
    ['double', 'number'],
    ['boolean', 'boolean'],
    ['date', 'date'],
    ['timestamp', 'timestamp'],
    ['timestamp_ntz', 'timestamp'],
    ['string', 'string'],
    ['array<string>', 'string'],
    ['struct<a:int>', 'string'],
  ])('catalog type %s is %s', (native, dimension) => {
    expect(databricksDimensionType(native)).toBe(dimension);
  });

  it('normalises what @databricks/sql hands over exactly as every other adapter does', () => {
    const columns = databricksColumns(
      schemaOf([
        ['int_value', 'INT_TYPE'],
        ['big_int', 'BIGINT_TYPE'],
        ['decimal_value', 'DECIMAL_TYPE'],
        ['wide_decimal', 'DECIMAL_TYPE'],
        ['double_value', 'DOUBLE_TYPE'],
        ['nan_value', 'DOUBLE_TYPE'],
        ['true_value', 'BOOLEAN_TYPE'],
        ['date_value', 'DATE_TYPE'],
        ['timestamp_value', 'TIMESTAMP_TYPE'],
        ['zoned_value', 'TIMESTAMP_TYPE'],
        ['text_value', 'STRING_TYPE'],
        ['null_number', 'INT_TYPE'],
        ['real_value', 'FLOAT_TYPE'],
      ]),
    );
    // preserveBigNumericPrecision: DECIMAL as exact text, BIGINT as bigint; Arrow dates and timestamps.
    const record = {
      int_value: 42,
      big_int: 9007199254740993n,
      decimal_value: '12.50',
      wide_decimal: '12345678901234567890.12',
      double_value: 1.5,
      nan_value: NaN,
      true_value: true,
      date_value: Date.UTC(2018, 0, 1),
      timestamp_value: new Date('2018-01-01T12:34:56.789Z'),
      zoned_value: new Date('2018-06-01T10:34:56.789Z'),
      text_value: 'héllo ✓',
      null_number: null,
      real_value: Math.fround(1.1),
    };
    expect(rowFromRecord(columns, record)).toEqual(expectedRow([...SDK_COLUMNS, 'real_value']));
  });
});

describe('databricksConnectionStep', () => {
  it.each([
    [{ code: 'ENOTFOUND' }, 'resolve-host'],
    [{ statusCode: 401, message: 'Unauthorized' }, 'authenticate'],
    [new Error('Request failed with status code 403'), 'authenticate'],
    [new Error('[NO_SUCH_CATALOG_EXCEPTION] Catalog nope was not found'), 'database'],
    [new Error('[SCHEMA_NOT_FOUND] The schema `nope` cannot be found'), 'schema'],
    [{ response: { status: 404 }, message: 'Not Found' }, 'warehouse'],
    [new Error('socket hang up'), 'connect'],
  ])('%p → %s', (error, step) => {
    expect(databricksConnectionStep(error)).toBe(step);
  });
});
