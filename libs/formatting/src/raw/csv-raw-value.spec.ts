import { csvRawValue } from './csv-raw-value';

describe('csvRawValue', () => {
  it.each<[unknown, 'date' | 'timestamp' | 'number' | 'string' | 'boolean' | undefined, string]>([
    [new Date('2018-01-01T00:00:00.000Z'), 'date', '2018-01-01'],
    ['2018-01-01T00:00:00.000Z', 'date', '2018-01-01'],
    ['2018-01-31', 'date', '2018-01-31'],
    [new Date('2018-01-01T10:11:12.345Z'), 'timestamp', '2018-01-01 10:11:12.345'],
    ['2018-01-01T10:11:12+02:00', 'timestamp', '2018-01-01 08:11:12.000'],
    [new Date('2018-01-01T10:11:12.345Z'), undefined, '2018-01-01 10:11:12.345'],
    ['not a date', 'date', 'not a date'],
    [null, 'date', ''],
    [undefined, undefined, ''],
    [1.5, 'number', '1.5'],
    ['12345678901234567890', 'number', '12345678901234567890'],
    [12345678901234567890n, 'number', '12345678901234567890'],
    [true, undefined, 'true'],
    [1, 'boolean', 'true'],
    [0, 'boolean', 'false'],
    [1, 'number', '1'],
    ['a,b', 'string', 'a,b'],
    [{ a: 1 }, undefined, '{"a":1}'],
  ])('%p (%s) → %p', (value, kind, expected) => {
    expect(csvRawValue(value, kind)).toBe(expected);
  });
});
