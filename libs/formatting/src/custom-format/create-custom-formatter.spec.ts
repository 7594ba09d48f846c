import type { CustomFormat } from '@quarry/domain';

import { applyCustomFormat, createCustomFormatter } from './create-custom-formatter';

const NBSP = '\u00a0';

describe('applyCustomFormat', () => {
  describe('number: round undefined → up to 3 decimals, 0/2 fixed, negative → significant digits', () => {
    it.each<[number | undefined, number, string]>([
      [undefined, 1234.5678, '1,234.568'],
      [undefined, 1234, '1,234'],
      [undefined, 0.0001, '0'],
      [undefined, -1234.5, '-1,234.5'],
      [0, 1234.5678, '1,235'],
      [0, 1234, '1,234'],
      [2, 1234.5678, '1,234.57'],
      [2, 1234, '1,234.00'],
      [-2, 1234.5678, '1,200'],
      [-3, 0.0123456, '0.0123'],
      [-1, 987, '1,000'],
    ])('round %p: %p → %p', (round, value, expected) => {
      expect(applyCustomFormat(value, { type: 'number', round })).toBe(expected);
    });
  });

  describe('every separator style', () => {
    it.each<[CustomFormat['separator'], number | undefined, string]>([
      ['default', 2, '1,234,567.89'],
      ['commaPeriod', 2, '1,234,567.89'],
      ['spacePeriod', 2, '1 234 567.89'],
      ['periodComma', 2, '1.234.567,89'],
      ['noSeparatorPeriod', 2, '1234567.89'],
      ['periodComma', undefined, '1.234.567,891'],
      ['spacePeriod', 0, '1 234 568'],
      ['noSeparatorPeriod', -2, '1200000'],
    ])('%s with round %p', (separator, round, expected) => {
      expect(applyCustomFormat(1234567.891, { type: 'number', separator, round })).toBe(expected);
    });
  });

  describe('number compact: value divided, unit letter appended', () => {
    it.each<[CustomFormat['compact'], number | undefined, number, string]>([
      ['thousands', undefined, 1234567, '1,234.567K'],
      ['thousands', 0, 1234567, '1,235K'],
      ['thousands', 2, 1234567, '1,234.57K'],
      ['thousands', -2, 1234567, '1,200K'],
      ['K', 1, 1500, '1.5K'],
      ['millions', 2, 1234567, '1.23M'],
      ['M', undefined, 1234567, '1.235M'],
      ['billions', undefined, 1.5e9, '1.5B'],
      ['B', 0, 2.5e9, '3B'],
      ['trillions', undefined, 2e12, '2T'],
      ['T', 2, 1.234e12, '1.23T'],
      ['millions', 1, -2500000, '-2.5M'],
    ])('%s round %p: %p → %p', (compact, round, value, expected) => {
      expect(applyCustomFormat(value, { type: 'number', compact, round })).toBe(expected);
    });

    it('compacts with a separator style', () => {
      expect(applyCustomFormat(1234567, { type: 'number', compact: 'thousands', round: 1, separator: 'periodComma' })).toBe('1.234,6K');
    });
  });

  it('number: prefix + number + compact suffix + suffix', () => {
    expect(applyCustomFormat(1234.5, { type: 'number', prefix: '~', suffix: ' units', round: 1 })).toBe('~1,234.5 units');
    expect(applyCustomFormat(12345, { type: 'number', prefix: '$', suffix: ' total', compact: 'thousands', round: 1 })).toBe(
      '$12.3K total',
    );
  });

  it('default type formats like a number', () => {
    expect(applyCustomFormat(1234.5678, { type: 'default' })).toBe('1,234.568');
    expect(applyCustomFormat(1234.5678, { type: 'default', round: 1 })).toBe('1,234.6');
  });

  describe('percent: value × 100 and %', () => {
    it.each<[number | undefined, CustomFormat['separator'], number, string]>([
      [undefined, undefined, 0.1234, '12.34%'],
      [undefined, undefined, 0.123456, '12.346%'],
      [0, undefined, 0.1234, '12%'],
      [2, undefined, 0.1234, '12.34%'],
      [2, undefined, 0.5, '50.00%'],
      [-1, undefined, 0.1234, '10%'],
      [1, 'periodComma', 1.5, '150,0%'],
      [undefined, 'default', 12.345, '1,234.5%'],
      [undefined, 'spacePeriod', 12.345, '1 234.5%'],
      [undefined, 'noSeparatorPeriod', 12.345, '1234.5%'],
      [1, undefined, -0.25, '-25.0%'],
    ])('round %p separator %p: %p → %p', (round, separator, value, expected) => {
      expect(applyCustomFormat(value, { type: 'percent', round, separator })).toBe(expected);
    });
  });

  describe('currency: ISO code, compact before the symbol is added', () => {
    it.each<[Partial<CustomFormat>, number, string]>([
      [{ currency: 'USD' }, 1234.5, '$1,234.50'],
      [{ currency: 'USD', round: 0 }, 1234.5, '$1,235'],
      [{ currency: 'USD', round: 2 }, 1234.5, '$1,234.50'],
      [{ currency: 'USD', round: -2 }, 1234.5, '$1,200'],
      [{ currency: 'USD' }, -1234.5, '-$1,234.50'],
      [{ currency: 'EUR' }, 1234.5, '€1,234.50'],
      [{ currency: 'eur' }, 1234.5, '€1,234.50'],
      [{ currency: 'GBP', round: 1 }, 1234.56, '£1,234.6'],
      [{ currency: 'JPY' }, 1234.5, '¥1,235'],
      [{ currency: 'DKK' }, 1234.5, `DKK${NBSP}1,234.50`],
      [{}, 1234.5, '$1,234.50'],
      [{ currency: 'EUR', compact: 'thousands' }, 1234567, '€1,234.57K'],
      [{ currency: 'EUR', compact: 'thousands', round: 0 }, 1234567, '€1,235K'],
      [{ currency: 'USD', compact: 'millions', round: 1 }, 2345678, '$2.3M'],
      [{ currency: 'EUR', separator: 'periodComma' }, 1234.5, '€1.234,50'],
      [{ currency: 'USD', separator: 'spacePeriod' }, 1234567.5, '$1 234 567.50'],
      [{ currency: 'USD', separator: 'noSeparatorPeriod' }, 1234567.5, '$1234567.50'],
      // a malformed code names no currency: the number is still shown
      [{ currency: 'EURO' }, 1234.5, '1,234.5'],
    ])('%j: %p → %p', (options, value, expected) => {
      expect(applyCustomFormat(value, { type: 'currency', ...options })).toBe(expected);
    });
  });

  it('id: the raw value, without grouping or rounding', () => {
    expect(applyCustomFormat(12345678, { type: 'id' })).toBe('12345678');
    expect(applyCustomFormat(1234.5678, { type: 'id', round: 0 })).toBe('1234.5678');
    expect(applyCustomFormat('abc-1', { type: 'id' })).toBe('abc-1');
    expect(applyCustomFormat(12345678901234567890n, { type: 'id' })).toBe('12345678901234567890');
  });

  describe('bytes', () => {
    it.each<[CustomFormat, number, string]>([
      [{ type: 'bytes_si' }, 999, '999 B'],
      [{ type: 'bytes_si' }, 1500, '1.5 KB'],
      [{ type: 'bytes_si', round: 1 }, 1e9, '1.0 GB'],
      [{ type: 'bytes_si' }, 2.5e15, '2.5 PB'],
      [{ type: 'bytes_si', compact: 'megabytes', round: 2 }, 123456789, '123.46 MB'],
      [{ type: 'bytes_si', compact: 'kilobytes', round: 0, separator: 'periodComma' }, 123456789, '123.457 KB'],
      [{ type: 'bytes_si', compact: 'terabytes', round: -2 }, 1.234e12, '1.2 TB'],
      [{ type: 'bytes_si', compact: 'gigabytes' }, 5e8, '0.5 GB'],
      // a number compact is no byte unit: the unit is picked from the value
      [{ type: 'bytes_si', compact: 'thousands' }, 2000, '2 KB'],
      [{ type: 'bytes_iec' }, 1536, '1.5 KiB'],
      [{ type: 'bytes_iec' }, 1048576, '1 MiB'],
      [{ type: 'bytes_iec' }, 1023, '1,023 B'],
      [{ type: 'bytes_iec' }, -2048, '-2 KiB'],
      [{ type: 'bytes_iec', compact: 'kibibytes' }, 1048576, '1,024 KiB'],
      [{ type: 'bytes_iec', compact: 'gibibytes', round: 2 }, 3 * 1024 ** 3, '3.00 GiB'],
      [{ type: 'bytes_iec', compact: 'pebibytes', round: 1 }, 1024 ** 5 * 1.25, '1.3 PiB'],
      [{ type: 'bytes_iec', compact: 'tebibytes' }, 1024 ** 4, '1 TiB'],
      [{ type: 'bytes_iec', compact: 'mebibytes', separator: 'spacePeriod' }, 1024 ** 2 * 1500, '1 500 MiB'],
    ])('%j: %p → %p', (format, value, expected) => {
      expect(applyCustomFormat(value, format)).toBe(expected);
    });
  });

  describe('date and timestamp with their time interval, in UTC', () => {
    const value = new Date('2024-05-17T13:45:30.123Z');
    it.each<[CustomFormat, string]>([
      [{ type: 'date' }, '2024-05-17'],
      [{ type: 'date', timeInterval: 'MONTH' }, '2024-05'],
      [{ type: 'date', timeInterval: 'QUARTER' }, '2024-Q2'],
      [{ type: 'date', timeInterval: 'YEAR' }, '2024'],
      [{ type: 'timestamp' }, '2024-05-17, 13:45:30:123 (+00:00)'],
      [{ type: 'timestamp', timeInterval: 'MINUTE' }, '2024-05-17, 13:45'],
      [{ type: 'timestamp', timeInterval: 'DAY' }, '2024-05-17'],
    ])('%j', (format, expected) => {
      expect(applyCustomFormat(value, format)).toBe(expected);
    });
  });

  describe('custom: an ECMA-376 expression', () => {
    it.each<[string, unknown, string]>([
      ['#,##0.0', 1234.56, '1,234.6'],
      ['0.00%', 0.1234, '12.34%'],
      ['[$$]#,##0.00', 1234.5, '$1,234.50'],
      ['#,##0,"K"', 1234567, '1,235K'],
      ['0.00E+00', 12345, '1.23E+04'],
      ['"~"0" pts"', 42, '~42 pts'],
      ['#,##0.00', '1234.5', '1,234.50'],
      // beyond 2^53 numfmt keeps every digit by printing them plainly, rather than rounding the number
      ['#,##0', 12345678901234567890n, '12345678901234567890'],
      ['#,##0', '12345678901234567890', '12345678901234567890'],
      ['yyyy-mm-dd', new Date('2024-05-17T13:45:30Z'), '2024-05-17'],
      ['yyyy-mm-dd hh:mm', '2024-05-17T13:45:30.000Z', '2024-05-17 13:45'],
    ])('%s: %p → %p', (custom, value, expected) => {
      expect(applyCustomFormat(value, { type: 'custom', custom })).toBe(expected);
    });

    it('shows values unchanged when the expression is missing or invalid', () => {
      expect(applyCustomFormat(1234.5, { type: 'custom' })).toBe('1234.5');
      expect(applyCustomFormat(1234.5, { type: 'custom', custom: '   ' })).toBe('1234.5');
      expect(applyCustomFormat(1234.5, { type: 'custom', custom: '0.0.0"' })).toBe('1234.5');
    });
  });

  describe('input a numeric format cannot apply to is returned as text, never thrown', () => {
    const numericFormats: CustomFormat[] = [
      { type: 'number', round: 2 },
      { type: 'percent' },
      { type: 'currency', currency: 'USD' },
      { type: 'bytes_si' },
      { type: 'bytes_iec' },
      { type: 'custom', custom: '#,##0.00' },
    ];
    it.each(numericFormats)('%j', (format) => {
      expect(applyCustomFormat('abc', format)).toBe('abc');
      expect(applyCustomFormat('', format)).toBe('');
      expect(applyCustomFormat('12abc', format)).toBe('12abc');
      expect(applyCustomFormat(true, format)).toBe('true');
      expect(applyCustomFormat({ a: 1 }, format)).toBe('{"a":1}');
      expect(applyCustomFormat(new Date('2024-01-02T03:04:05.000Z'), format)).toBe('2024-01-02T03:04:05.000Z');
    });

    it('dates that do not parse stay as they are', () => {
      expect(applyCustomFormat('not a date', { type: 'date' })).toBe('not a date');
      expect(applyCustomFormat(new Date('nope'), { type: 'timestamp' })).toBe('Invalid Date');
    });
  });

  it('numeric text (NUMERIC / BIGINT columns) and bigints format as numbers', () => {
    expect(applyCustomFormat('1234.5', { type: 'number', round: 2 })).toBe('1,234.50');
    expect(applyCustomFormat(' -12 ', { type: 'number' })).toBe('-12');
    expect(applyCustomFormat('+7', { type: 'number' })).toBe('7');
    expect(applyCustomFormat('1e3', { type: 'number' })).toBe('1,000');
    expect(applyCustomFormat('12345678901234567890', { type: 'number' })).toBe('12,345,678,901,234,567,890');
    expect(applyCustomFormat(12345678901234567890n, { type: 'number', compact: 'trillions', round: 0 })).toBe('12,345,679T');
  });

  it('null and undefined', () => {
    expect(applyCustomFormat(null, { type: 'number' })).toBe('∅');
    expect(applyCustomFormat(undefined, { type: 'currency', currency: 'USD' })).toBe('-');
  });

  it('an absent format is the default number format', () => {
    expect(applyCustomFormat(1234.5678, undefined)).toBe('1,234.568');
    expect(createCustomFormatter(null)(1000)).toBe('1,000');
  });
});
