import { BigQuery } from '@google-cloud/bigquery';

import type { BigqueryConnectionConfig } from '../connections/bigquery-connection';
import { expectedRow, SDK_COLUMNS } from '../testing/expected-row-values';
import { rowFromRecord } from '../values/result-columns';
import { bigQueryConnectionStep } from './bigquery-errors';
import { bigQueryClientOptions, bigQueryIdentifier, bigQueryJobOptions } from './bigquery-options';
import { bigQueryColumns, bigQueryDimensionType, bigQueryKind } from './bigquery-types';

const keyfile = { type: 'service_account', client_email: 'sa@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----' };
const config: BigqueryConnectionConfig = {
  type: 'bigquery',
  project: 'data-project',
  dataset: 'analytics',
  keyfileContents: keyfile,
  location: 'EU',
};

describe('bigquery client options', () => {
  it('authenticates with the key file and runs jobs in the execution project', () => {
    expect(bigQueryClientOptions({ ...config, executionProject: 'billing-project', retries: 5 })).toEqual({
      projectId: 'billing-project',
      credentials: keyfile,
      location: 'EU',
      userAgent: 'quarry',
      retryOptions: { maxRetries: 5 },
    });
    expect(bigQueryClientOptions(config).projectId).toBe('data-project');
  });

  it.each([[undefined], ['{"not":"parsed"}'], [{ client_email: 'x' }]])(
    'rejects the key file %p naming keyfileContents',
    (keyfileContents) => {
      expect(() => bigQueryClientOptions({ ...config, keyfileContents } as never)).toThrow(
        expect.objectContaining({ data: { step: 'configuration', field: 'keyfileContents' } }),
      );
    },
  );
});

describe('bigquery job options', () => {
  it('binds $n as named @pn parameters, typing nulls and big integers', () => {
    const options = bigQueryJobOptions(
      config,
      "SELECT * FROM t WHERE a = $1 AND b = $2 AND c = $1 AND d = '\\'$3' AND e = $3 AND f = $4",
      ["x' OR 1=1 --", null, 2n ** 62n, 1.5],
      {},
    );
    expect(options).toEqual({
      query: "SELECT * FROM t WHERE a = @p1 AND b = @p2 AND c = @p1 AND d = '\\'$3' AND e = @p3 AND f = @p4",
      params: { p1: "x' OR 1=1 --", p2: null, p3: '4611686018427387904', p4: 1.5 },
      types: { p2: 'STRING', p3: 'INT64' },
      useLegacySql: false,
      location: 'EU',
      defaultDataset: { projectId: 'data-project', datasetId: 'analytics' },
      priority: 'INTERACTIVE',
      labels: { application: 'quarry' },
    });
  });

  it('carries priority, billing limit, timeout and session time zone', () => {
    const options = bigQueryJobOptions({ ...config, priority: 'batch', maximumBytesBilled: 1e9, timeoutSeconds: 60 }, 'SELECT 1', [], {
      timezone: 'Asia/Tokyo',
    });
    expect(options).toMatchObject({
      query: 'SELECT 1',
      priority: 'BATCH',
      maximumBytesBilled: '1000000000',
      jobTimeoutMs: 60_000,
      connectionProperties: [{ key: 'time_zone', value: 'Asia/Tokyo' }],
    });
    expect(options).not.toHaveProperty('params');
    expect(bigQueryJobOptions(config, 'SELECT 1', [], { timeoutMs: 1500 }).jobTimeoutMs).toBe(1500);
  });

  it('quotes identifiers with backticks', () => {
    expect(bigQueryIdentifier('my-project')).toBe('`my-project`');
    expect(bigQueryIdentifier('a`b\\c')).toBe('`a\\`b\\\\c`');
  });
});

describe('bigquery types and values', () => {
  it.each([
    [{ type: 'INTEGER' }, 'integer'],
    [{ type: 'INT64' }, 'integer'],
    [{ type: 'FLOAT' }, 'float'],
    [{ type: 'NUMERIC' }, 'decimal'],
    [{ type: 'BIGNUMERIC' }, 'decimal'],
    [{ type: 'BOOLEAN' }, 'boolean'],
    [{ type: 'DATE' }, 'date'],
    [{ type: 'DATETIME' }, 'timestamp'],
    [{ type: 'TIMESTAMP' }, 'timestamp'],
    [{ type: 'RECORD' }, 'json'],
    [{ type: 'JSON' }, 'json'],
    [{ type: 'STRING', mode: 'REPEATED' }, 'json'],
    [{ type: 'STRING' }, 'string'],
    [{ type: 'TIME' }, 'string'],
    [{ type: null }, 'string'],
  ])('%p is a %s column', (field, kind) => {
    expect(bigQueryKind(field)).toBe(kind);
  });

  it.each([
    ['INT64', 'number'],
    ['NUMERIC(10, 2)', 'number'],
    ['BIGNUMERIC', 'number'],
    ['FLOAT64', 'number'],
    ['BOOL', 'boolean'],
    ['DATE', 'date'],
    ['DATETIME', 'timestamp'],
    ['TIMESTAMP', 'timestamp'],
    ['STRING(40)', 'string'],
    ['ARRAY<INT64>', 'string'],
    ['STRUCT<a INT64>', 'string'],
  ])('catalog type %s is %s', (native, dimension) => {
    expect(bigQueryDimensionType(native)).toBe(dimension);
  });

  it("normalises the SDK's own parsed values exactly as every other adapter does", () => {
    const schema = {
      fields: [
        { name: 'int_value', type: 'INTEGER' },
        { name: 'big_int', type: 'INTEGER' },
        { name: 'decimal_value', type: 'NUMERIC' },
        { name: 'wide_decimal', type: 'BIGNUMERIC' },
        { name: 'double_value', type: 'FLOAT' },
        { name: 'nan_value', type: 'FLOAT' },
        { name: 'true_value', type: 'BOOLEAN' },
        { name: 'date_value', type: 'DATE' },
        { name: 'timestamp_value', type: 'DATETIME' },
        { name: 'zoned_value', type: 'TIMESTAMP' },
        { name: 'text_value', type: 'STRING' },
        { name: 'null_number', type: 'INTEGER' },
      ],
    };
    // The REST API's row encoding; TIMESTAMP as int64 microseconds.
    const apiRow = {
      f: [
        '42',
        '9007199254740993',
        '12.50',
        '12345678901234567890.12',
        '1.5',
        'NaN',
        'true',
        '2018-01-01',
        '2018-01-01T12:34:56.789000',
        '1527849296789000',
        'héllo ✓',
        null,
      ].map((v) => ({ v })),
    };
    const [parsed] = BigQuery.mergeSchemaWithRows_(schema, [apiRow], { wrapIntegers: true, parseJSON: true });
    expect(rowFromRecord(bigQueryColumns(schema.fields), parsed as Record<string, unknown>)).toEqual(expectedRow(SDK_COLUMNS));
  });

  it('unwraps nested records and arrays', () => {
    const schema = {
      fields: [
        { name: 'tags', type: 'STRING', mode: 'REPEATED' },
        {
          name: 'item',
          type: 'RECORD',
          fields: [
            { name: 'qty', type: 'INTEGER' },
            { name: 'on', type: 'DATE' },
          ],
        },
      ],
    };
    const apiRow = { f: [{ v: [{ v: 'a' }, { v: 'b' }] }, { v: { f: [{ v: '3' }, { v: '2018-01-01' }] } }] };
    const [parsed] = BigQuery.mergeSchemaWithRows_(schema, [apiRow], { wrapIntegers: true, parseJSON: true });
    expect(rowFromRecord(bigQueryColumns(schema.fields), parsed as Record<string, unknown>)).toEqual({
      tags: ['a', 'b'],
      item: { qty: 3, on: '2018-01-01' },
    });
  });
});

describe('bigQueryConnectionStep', () => {
  it.each([
    [{ code: 401, message: 'Request had invalid authentication credentials.' }, 'authenticate'],
    [new Error('invalid_grant: Invalid JWT Signature.'), 'authenticate'],
    [new Error('error:1E08010C:DECODER routines::unsupported'), 'authenticate'],
    [{ code: 404, message: 'Not found: Project nope' }, 'database'],
    [{ code: 404, message: 'Not found: Dataset data-project:nope' }, 'schema'],
    [{ code: 403, message: 'Access Denied: Project data-project' }, 'authenticate'],
    [{ code: 'ENOTFOUND' }, 'resolve-host'],
    [{ code: 500, message: 'Backend error' }, 'connect'],
  ])('%p → %s', (error, step) => {
    expect(bigQueryConnectionStep(error)).toBe(step);
  });
});
