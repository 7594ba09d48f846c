import { canonicalDecimal, normaliseDecimal, normaliseFloat, normaliseFloat32, normaliseInteger } from './normalise-number';

describe('normaliseInteger', () => {
  it.each([
    [42, 42],
    [42n, 42],
    ['42', 42],
    [' -7 ', -7],
    ['9007199254740991', 9007199254740991],
    ['-9007199254740991', -9007199254740991],
    ['9007199254740992', '9007199254740992'],
    [9007199254740993n, '9007199254740993'],
    ['-170141183460469231731687303715884105728', '-170141183460469231731687303715884105728'],
    ['00012', 12],
  ])('%p → %p', (raw, expected) => {
    expect(normaliseInteger(raw)).toBe(expected);
  });

  it('never returns a bigint', () => {
    expect(typeof normaliseInteger(2n ** 80n)).toBe('string');
  });
});

describe('normaliseFloat', () => {
  it.each([
    [1.5, 1.5],
    ['2.25', 2.25],
    ['1e3', 1000],
    [NaN, 'NaN'],
    ['nan', 'NaN'],
    ['NaN', 'NaN'],
    [Infinity, 'Infinity'],
    ['inf', 'Infinity'],
    ['+inf', 'Infinity'],
    ['-inf', '-Infinity'],
    ['-Infinity', '-Infinity'],
    ['not a number', 'not a number'],
  ])('%p → %p', (raw, expected) => {
    expect(normaliseFloat(raw)).toBe(expected);
  });
});

describe('normaliseFloat32', () => {
  it('prints a widened float32 as its shortest text', () => {
    expect(normaliseFloat32(Math.fround(1.1))).toBe(1.1);
    expect(normaliseFloat32(Math.fround(0.3))).toBe(0.3);
    expect(normaliseFloat32(Math.fround(16777217))).toBe(16777216);
    expect(normaliseFloat32(NaN)).toBe('NaN');
  });
});

describe('normaliseDecimal', () => {
  it.each([
    ['12.50', 12.5],
    ['0.1', 0.1],
    ['-0.00', 0],
    ['100', 100],
    ['1E+2', 100],
    ['0.000001', 0.000001],
    ['123456789012345.67', 123456789012345.67],
    ['12345678901234567890.12', '12345678901234567890.12'],
    ['0.1234567890123456789', '0.1234567890123456789'],
    ['9007199254740993', '9007199254740993'],
    ['NaN', 'NaN'],
  ])('%p → %p', (raw, expected) => {
    expect(normaliseDecimal(raw)).toBe(expected);
  });

  it('keeps numbers and bigints that are already exact', () => {
    expect(normaliseDecimal(7.25)).toBe(7.25);
    expect(normaliseDecimal(12n)).toBe(12);
  });
});

describe('canonicalDecimal', () => {
  it.each([
    ['+001.2300', '1.23'],
    ['-0', '0'],
    ['1.5e-3', '0.0015'],
    ['12e2', '1200'],
    ['.5', '0.5'],
    ['5.', '5'],
  ])('%p → %p', (raw, expected) => {
    expect(canonicalDecimal(raw)).toBe(expected);
  });

  it('rejects text that is not a number', () => {
    expect(canonicalDecimal('abc')).toBeUndefined();
    expect(canonicalDecimal('.')).toBeUndefined();
  });
});
