import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';
import { createTestDatabase, type TestDatabase } from '@quarry/testing';

import { closeDuckDbInstances } from '../duckdb/duckdb-instances';
import { EXPECTED_ROW } from '../testing/expected-row-values';
import { collect, postgresConfigFor, temporaryDirectory } from '../testing/live-fixtures';
import { createWarehouseAdapter } from './create-warehouse-adapter';
import type { WarehouseAdapter } from './warehouse-adapter';

// Architecture clarification 5: the same values come out of every adapter as the same JSON.
const EVERY_TYPE_SQL = `SELECT
  CAST(42 AS INTEGER) AS int_value,
  CAST(9007199254740993 AS BIGINT) AS big_int,
  CAST(-9007199254740991 AS BIGINT) AS safe_big_int,
  CAST(12.50 AS DECIMAL(10,2)) AS decimal_value,
  CAST('12345678901234567890.12' AS DECIMAL(38,2)) AS wide_decimal,
  CAST(0.1 AS DECIMAL(10,1)) AS tenth,
  CAST(1.5 AS FLOAT8) AS double_value,
  CAST(1.1 AS FLOAT4) AS real_value,
  CAST('NaN' AS FLOAT8) AS nan_value,
  CAST('-Infinity' AS FLOAT8) AS negative_infinity,
  TRUE AS true_value,
  FALSE AS false_value,
  CAST('2018-01-01' AS DATE) AS date_value,
  CAST('0099-03-04' AS DATE) AS ancient_date,
  CAST('2018-01-01 12:34:56.789' AS TIMESTAMP) AS timestamp_value,
  CAST('2018-06-01 12:34:56.789+02' AS TIMESTAMP WITH TIME ZONE) AS zoned_value,
  'héllo ✓' AS text_value,
  CAST(NULL AS VARCHAR) AS null_text,
  CAST(NULL AS DATE) AS null_date,
  CAST(NULL AS INTEGER) AS null_number`;

const EXPECTED_FIELDS = {
  int_value: { type: 'number' },
  big_int: { type: 'number' },
  safe_big_int: { type: 'number' },
  decimal_value: { type: 'number' },
  wide_decimal: { type: 'number' },
  tenth: { type: 'number' },
  double_value: { type: 'number' },
  real_value: { type: 'number' },
  nan_value: { type: 'number' },
  negative_infinity: { type: 'number' },
  true_value: { type: 'boolean' },
  false_value: { type: 'boolean' },
  date_value: { type: 'date' },
  ancient_date: { type: 'date' },
  timestamp_value: { type: 'timestamp' },
  zoned_value: { type: 'timestamp' },
  text_value: { type: 'string' },
  null_text: { type: 'string' },
  null_date: { type: 'date' },
  null_number: { type: 'number' },
};

describe('row values are identical on PostgreSQL and DuckDB (live)', () => {
  const dataDir = temporaryDirectory('quarry-wh-parity');
  let database: TestDatabase;
  let engines: [string, WarehouseAdapter][];

  beforeAll(async () => {
    database = await createTestDatabase('quarry_wh_parity');
    const writer = await DuckDBInstance.create(join(dataDir, 'empty.duckdb'));
    writer.closeSync();
    engines = [
      ['postgres', createWarehouseAdapter(postgresConfigFor(database.url), { dataDir, folder: dataDir })],
      ['duckdb', createWarehouseAdapter({ type: 'duckdb', path: 'empty.duckdb' }, { dataDir, folder: dataDir })],
    ];
  });

  afterAll(async () => {
    await Promise.all(engines.map(([, adapter]) => adapter.close()));
    await closeDuckDbInstances();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['postgres', 'duckdb'])('%s returns every type normalised', async (engine) => {
    const adapter = engines.find(([name]) => name === engine)![1];
    const result = await adapter.runQuery(EVERY_TYPE_SQL);
    expect(result.fields).toEqual(EXPECTED_FIELDS);
    expect(result.rows).toEqual([EXPECTED_ROW]);
  });

  it('serialises to the same JSON from both engines, whatever the session time zone, run or streamed', async () => {
    const outputs = await Promise.all(
      engines.flatMap(([, adapter]) => [
        adapter.runQuery(EVERY_TYPE_SQL, [], { timezone: 'Asia/Tokyo' }).then((result) => JSON.stringify(result)),
        collect(adapter.streamQuery(EVERY_TYPE_SQL, [], { timezone: 'America/Los_Angeles' })).then((batches) =>
          JSON.stringify(batches.flat()),
        ),
      ]),
    );
    const [postgresRun, postgresStream, duckdbRun, duckdbStream] = outputs;
    expect(duckdbRun).toBe(postgresRun);
    expect(duckdbStream).toBe(postgresStream);
    expect(JSON.parse(postgresStream!)).toEqual([EXPECTED_ROW]);
  });
});
