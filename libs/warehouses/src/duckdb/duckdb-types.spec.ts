import { DATE, DECIMAL, DuckDBDateValue, DuckDBDecimalValue, DuckDBTimestampValue, FLOAT, TIMESTAMP, VARCHAR } from '@duckdb/node-api';

import { duckDbColumnConverter, duckDbDimensionType } from './duckdb-types';

describe('duckdb types', () => {
  it.each([
    ['INTEGER', 'number'],
    ['BIGINT', 'number'],
    ['HUGEINT', 'number'],
    ['DECIMAL(18,3)', 'number'],
    ['DOUBLE', 'number'],
    ['FLOAT', 'number'],
    ['BOOLEAN', 'boolean'],
    ['DATE', 'date'],
    ['TIMESTAMP', 'timestamp'],
    ['TIMESTAMP WITH TIME ZONE', 'timestamp'],
    ['TIMESTAMP_NS', 'timestamp'],
    ['TIME', 'string'],
    ['VARCHAR', 'string'],
    ['INTEGER[]', 'string'],
    ['STRUCT(a INTEGER)', 'string'],
    ['UUID', 'string'],
  ])('catalog type %s is %s', (native, dimension) => {
    expect(duckDbDimensionType(native)).toBe(dimension);
  });

  it('unwraps DuckDB value classes to epoch milliseconds, exact decimal text and shortest float32', () => {
    expect(duckDbColumnConverter(DATE).unwrap(new DuckDBDateValue(17532))).toBe(Date.UTC(2018, 0, 1));
    expect(duckDbColumnConverter(TIMESTAMP).unwrap(new DuckDBTimestampValue(-1n))).toBe(-1);
    expect(duckDbColumnConverter(TIMESTAMP).unwrap(DuckDBTimestampValue.PosInf)).toBe('infinity');
    const decimal = duckDbColumnConverter(DECIMAL(38, 2));
    expect(decimal.kind).toBe('decimal');
    expect(decimal.unwrap(new DuckDBDecimalValue(1234567890123456789012n, 38, 2))).toBe('12345678901234567890.12');
    expect(duckDbColumnConverter(FLOAT).unwrap(Math.fround(1.1))).toBe(1.1);
    expect(duckDbColumnConverter(VARCHAR)).toMatchObject({ kind: 'string' });
  });
});
