import { describe, expect, it } from '@jest/globals';

import { sqlTypeOfField } from './sql-type';

describe('sqlTypeOfField', () => {
  it.each([
    ['string', 'text'],
    ['number', 'float8'],
    ['date', 'date'],
    ['timestamp', 'timestamp'],
    ['boolean', 'bool'],
    ['count', 'int8'],
    ['count_distinct', 'int8'],
    ['sum', 'float8'],
    ['average', 'float8'],
    ['percentile', 'float8'],
  ])('%s → %s', (type, sqlType) => {
    expect(sqlTypeOfField(type)).toBe(sqlType);
  });
});
