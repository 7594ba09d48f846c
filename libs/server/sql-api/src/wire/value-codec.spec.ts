import { decodeParameter, encodeBinary, encodeText, WireValueError } from './value-codec';

describe('SQL API value codec', () => {
  it.each([
    ['text', 'completed', 'completed'],
    ['int8', 42, '42'],
    ['int8', '9007199254740993', '9007199254740993'],
    ['float8', 1.5, '1.5'],
    ['float8', Number.NaN, 'NaN'],
    ['bool', true, 't'],
    ['date', new Date('2024-03-05T00:00:00Z'), '2024-03-05'],
    ['date', '2024-03-05T00:00:00.000Z', '2024-03-05'],
    ['timestamp', '2024-03-05T10:20:30.250Z', '2024-03-05 10:20:30.25'],
    ['timestamp', '2024-03-05 10:20:30', '2024-03-05 10:20:30'],
    ['timestamptz', new Date('2024-03-05T10:20:30Z'), '2024-03-05 10:20:30+00'],
  ] as const)('text format of %s %p is %p', (type, value, expected) => {
    expect(encodeText(type, value)?.toString()).toBe(expected);
  });

  it('writes PostgreSQL binary formats (days and microseconds since 2000-01-01)', () => {
    expect(encodeBinary('int8', 7)?.readBigInt64BE(0)).toBe(7n);
    expect(encodeBinary('float8', 2.25)?.readDoubleBE(0)).toBe(2.25);
    expect(encodeBinary('bool', false)).toEqual(Buffer.from([0]));
    expect(encodeBinary('date', '2000-01-02')?.readInt32BE(0)).toBe(1);
    expect(encodeBinary('timestamp', '2000-01-01T00:00:01Z')?.readBigInt64BE(0)).toBe(1_000_000n);
    expect(() => encodeBinary('numeric', '1.5')).toThrow(WireValueError);
  });

  it('keeps nulls null in both formats', () => {
    expect(encodeText('int8', null)).toBeNull();
    expect(encodeBinary('date', undefined)).toBeNull();
  });

  it('reads parameters by the declared type first (int4 binary), then the planned one', () => {
    const int4 = Buffer.alloc(4);
    int4.writeInt32BE(12);
    expect(decodeParameter('int8', 23, 1, int4)).toBe(12);
    expect(decodeParameter('float8', undefined, 0, Buffer.from('2.5'))).toBe(2.5);
    expect(decodeParameter('bool', undefined, 0, Buffer.from('on'))).toBe(true);
    expect(decodeParameter('text', undefined, 0, null)).toBeNull();
    expect(() => decodeParameter('int8', undefined, 0, Buffer.from('abc'))).toThrow('invalid input syntax for type int8: "abc"');
  });
});
