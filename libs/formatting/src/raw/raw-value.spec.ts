import { createRawConverter, toRawValue } from './raw-value';

describe('toRawValue', () => {
  it.each<[unknown, unknown]>([
    [1.5, 1.5],
    [0, 0],
    [-42, -42],
    [42n, 42],
    [9007199254740993n, '9007199254740993'],
    [-9007199254740993n, '-9007199254740993'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [true, true],
    [false, false],
    ['completed', 'completed'],
    ['123', '123'],
    [null, null],
    [undefined, undefined],
    [new Date('2018-01-01T00:00:00.000Z'), '2018-01-01T00:00:00.000Z'],
    [new Date('2018-01-01T10:11:12.345+02:00'), '2018-01-01T08:11:12.345Z'],
    [new Date('nope'), null],
    [{ a: 1 }, { a: 1 }],
  ])('without a kind: %p → %p', (value, expected) => {
    expect(toRawValue(value)).toEqual(expected);
  });

  it.each<[unknown, unknown]>([
    ['123', 123],
    ['-12.5', -12.5],
    ['9007199254740993', '9007199254740993'],
    ['abc', 'abc'],
    [9007199254740993n, '9007199254740993'],
    [7, 7],
    [new Date('2018-01-01T00:00:00.000Z'), '2018-01-01T00:00:00.000Z'],
  ])('number columns convert numeric text: %p → %p', (value, expected) => {
    expect(toRawValue(value, 'number')).toEqual(expected);
  });

  it.each<['date' | 'timestamp', unknown, unknown]>([
    ['date', '2018-01-01', '2018-01-01T00:00:00.000Z'],
    ['date', new Date('2018-01-01T00:00:00.000Z'), '2018-01-01T00:00:00.000Z'],
    ['timestamp', '2018-01-01 10:00:00', '2018-01-01T10:00:00.000Z'],
    ['timestamp', '2018-01-01T10:00:00.5+01:00', '2018-01-01T09:00:00.500Z'],
    ['timestamp', '2018-01-01T10:00:00.123456789Z', '2018-01-01T10:00:00.123Z'],
    // a cached result's cells come back as ISO text: unchanged, including years before 100
    ['timestamp', '2018-01-01T10:00:00.000Z', '2018-01-01T10:00:00.000Z'],
    ['date', '0050-03-01', '0050-03-01T00:00:00.000Z'],
    ['timestamp', 'not a date', 'not a date'],
    ['timestamp', '2023-13-45T99:00:00Z', '2023-13-45T99:00:00Z'],
    ['timestamp', null, null],
  ])('%s columns are ISO-8601 UTC: %p → %p', (kind, value, expected) => {
    expect(toRawValue(value, kind)).toEqual(expected);
  });

  it('string and boolean columns keep text as it is', () => {
    expect(toRawValue('123', 'string')).toBe('123');
    expect(toRawValue('2018-01-01', 'string')).toBe('2018-01-01');
    expect(toRawValue(true, 'boolean')).toBe(true);
  });

  it('boolean columns serve the 1 and 0 of engines without a boolean result type as true and false', () => {
    // ClickHouse: a comparison (`status = 'completed'`) is UInt8, and so are pre-Bool boolean columns.
    expect([1, 0, 1n, 0n, null, true, false].map(createRawConverter('boolean'))).toEqual([true, false, true, false, null, true, false]);
    // Numbers are only booleans where the field says so.
    expect(toRawValue(1, 'number')).toBe(1);
    expect(toRawValue(1)).toBe(1);
  });

  it('raw values survive JSON unchanged', () => {
    const convert = createRawConverter('number');
    const values = [1.5, '12', 2n ** 64n, null].map(convert);
    expect(JSON.parse(JSON.stringify(values))).toEqual([1.5, 12, '18446744073709551616', null]);
  });
});
