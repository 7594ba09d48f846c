import { toQueryParams } from './query-params';

describe('toQueryParams', () => {
  it('keeps supported values and turns undefined into null', () => {
    const date = new Date('2018-01-01T00:00:00Z');
    expect(toQueryParams(['a', 1, 2n, true, date, null, undefined])).toEqual(['a', 1, 2n, true, date, null, null]);
    expect(toQueryParams(undefined)).toEqual([]);
  });

  it.each([
    [[{ a: 1 }], /\$1 has unsupported type object/],
    [['ok', [1, 2]], /\$2 has unsupported type array/],
    [[NaN], /\$1 is not a finite number/],
    [[new Date('nope')], /\$1 is an invalid date/],
    [[Symbol('s')], /\$1 has unsupported type symbol/],
  ])('refuses %p', (params, message) => {
    expect(() => toQueryParams(params)).toThrow(message);
  });
});
