import { normaliseValue } from './normalise-value';

describe('normaliseValue', () => {
  it('turns null and undefined into null whatever the kind', () => {
    for (const kind of ['integer', 'float', 'decimal', 'boolean', 'date', 'timestamp', 'string', 'json'] as const) {
      expect(normaliseValue(kind, null)).toBeNull();
      expect(normaliseValue(kind, undefined)).toBeNull();
    }
  });

  it.each([
    [true, true],
    ['t', true],
    ['FALSE', false],
    [1, true],
    [0n, false],
  ])('reads %p as the boolean %p', (raw, expected) => {
    expect(normaliseValue('boolean', raw)).toBe(expected);
  });

  it('prints bytes as base64 and objects as JSON text in string columns', () => {
    expect(normaliseValue('string', Buffer.from('hi'))).toBe('aGk=');
    expect(normaliseValue('string', { a: 1n })).toBe('{"a":1}');
    expect(normaliseValue('string', 12)).toBe('12');
  });

  it('makes nested values plain JSON', () => {
    expect(
      normaliseValue('json', {
        big: 2n ** 60n,
        small: 5n,
        when: new Date('2018-01-01T00:00:00Z'),
        list: [1, NaN, null],
        map: new Map([[1, 'one']]),
      }),
    ).toEqual({ big: '1152921504606846976', small: 5, when: '2018-01-01T00:00:00.000Z', list: [1, 'NaN', null], map: { 1: 'one' } });
  });

  it('dispatches numbers by kind', () => {
    expect(normaliseValue('integer', '9007199254740993')).toBe('9007199254740993');
    expect(normaliseValue('decimal', '12.50')).toBe(12.5);
    expect(normaliseValue('float', 5n)).toBe(5);
  });

  it('dispatches temporals by kind', () => {
    expect(normaliseValue('date', '2018-01-01')).toBe('2018-01-01T00:00:00.000Z');
    expect(normaliseValue('timestamp', '2018-01-01 01:02:03')).toBe('2018-01-01T01:02:03.000Z');
  });
});
