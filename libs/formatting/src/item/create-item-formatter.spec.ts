import type { Dimension } from '@quarry/domain';

import { createItemFormatter, formatBoolean, formatItemValue } from './create-item-formatter';
import type { FormattableItem } from './formattable-item';

const dimension = (type: Dimension['type'], timeInterval?: Dimension['timeInterval']): FormattableItem => ({
  fieldType: 'dimension',
  type,
  timeInterval,
});

describe('formatItemValue', () => {
  describe('null and undefined', () => {
    const items: Array<FormattableItem | undefined> = [
      dimension('string'),
      dimension('number'),
      dimension('date', 'MONTH'),
      dimension('timestamp'),
      dimension('boolean'),
      { type: 'sum', format: 'usd' },
      { type: 'sum', format: '#,##0.00' },
      { type: 'number', format: { type: 'percent' } },
      undefined,
    ];
    it.each(items)('%j', (item) => {
      expect(formatItemValue(item, null)).toBe('∅');
      expect(formatItemValue(item, undefined)).toBe('-');
    });
  });

  it('strings as they are', () => {
    expect(formatItemValue(dimension('string'), 'completed')).toBe('completed');
    expect(formatItemValue(dimension('string'), '1234.5')).toBe('1234.5');
    expect(formatItemValue(dimension('string'), 42)).toBe('42');
    expect(formatItemValue({ fieldType: 'metric', type: 'string', format: 'usd' }, 'x')).toBe('x');
  });

  it('booleans as True / False', () => {
    expect(formatItemValue(dimension('boolean'), true)).toBe('True');
    expect(formatItemValue(dimension('boolean'), false)).toBe('False');
    expect(formatItemValue({ fieldType: 'metric', type: 'boolean' }, 't')).toBe('True');
    expect(formatBoolean('FALSE')).toBe('False');
    expect(formatBoolean(1)).toBe('True');
    expect(formatBoolean(0)).toBe('False');
    expect(formatBoolean('maybe')).toBe('maybe');
  });

  describe('DATE by time interval', () => {
    const value = new Date('2024-05-17T00:00:00.000Z');
    it.each<[Dimension['timeInterval'], string]>([
      [undefined, '2024-05-17'],
      ['RAW', '2024-05-17'],
      ['DAY', '2024-05-17'],
      ['WEEK', '2024-05-17'],
      ['MONTH', '2024-05'],
      ['QUARTER', '2024-Q2'],
      ['YEAR', '2024'],
    ])('%s', (interval, expected) => {
      expect(formatItemValue(dimension('date', interval), value)).toBe(expected);
    });

    it('reads ISO text and plain dates in UTC', () => {
      expect(formatItemValue(dimension('date'), '2018-01-01T00:00:00.000Z')).toBe('2018-01-01');
      expect(formatItemValue(dimension('date', 'QUARTER'), '2018-11-30')).toBe('2018-Q4');
      expect(formatItemValue(dimension('date', 'MONTH'), '2018-01-31T23:30:00-02:00')).toBe('2018-02');
    });

    it('leaves text that is no date as it is', () => {
      expect(formatItemValue(dimension('date'), 'not a date')).toBe('not a date');
    });
  });

  describe('TIMESTAMP by time interval', () => {
    const value = new Date('2024-05-17T13:45:30.123Z');
    it.each<[Dimension['timeInterval'], string]>([
      [undefined, '2024-05-17, 13:45:30:123 (+00:00)'],
      ['RAW', '2024-05-17, 13:45:30:123 (+00:00)'],
      ['MILLISECOND', '2024-05-17, 13:45:30:123 (+00:00)'],
      ['SECOND', '2024-05-17, 13:45:30'],
      ['MINUTE', '2024-05-17, 13:45'],
      ['HOUR', '2024-05-17, 13'],
    ])('%s', (interval, expected) => {
      expect(formatItemValue(dimension('timestamp', interval), value)).toBe(expected);
    });

    it('converts offsets to UTC', () => {
      expect(formatItemValue(dimension('timestamp'), '2024-05-17T15:45:30.123+02:00')).toBe('2024-05-17, 13:45:30:123 (+00:00)');
      expect(formatItemValue(dimension('timestamp', 'HOUR'), '2024-05-17 08:00:00')).toBe('2024-05-17, 08');
    });
  });

  describe('interval parts', () => {
    it.each<[Dimension['timeInterval'], Dimension['type'], unknown, string]>([
      ['YEAR_NUM', 'number', 2024, '2024'],
      ['YEAR_NUM', 'number', '2024', '2024'],
      ['MONTH_NUM', 'number', 5, '5'],
      ['DAY_OF_YEAR_NUM', 'number', 138, '138'],
      ['DAY_OF_WEEK_INDEX', 'number', 0, '0'],
      ['DAY_OF_WEEK_NAME', 'string', 'Friday', 'Friday'],
      ['MONTH_NAME', 'string', 'May', 'May'],
      ['QUARTER_NAME', 'string', 'Q2', 'Q2'],
    ])('%s', (interval, type, value, expected) => {
      expect(formatItemValue(dimension(type, interval), value)).toBe(expected);
    });
  });

  it('a spreadsheet expression in `format` is applied with numfmt', () => {
    expect(formatItemValue({ fieldType: 'metric', type: 'sum', format: '#,##0.00' }, 1234.5)).toBe('1,234.50');
    expect(formatItemValue({ fieldType: 'metric', type: 'average', format: '0.0%', round: 3 }, 0.1234)).toBe('12.3%');
    expect(formatItemValue({ fieldType: 'dimension', type: 'number', format: '"#"0' }, 7)).toBe('#7');
    // expressions take precedence over the value type, as in the reference
    expect(formatItemValue({ fieldType: 'dimension', type: 'date', format: 'yyyy/mm' }, '2024-05-17')).toBe('2024/05');
  });

  it('legacy keywords are keywords, not expressions', () => {
    expect(formatItemValue({ type: 'sum', format: 'usd' }, 12)).toBe('$12.00');
    expect(formatItemValue({ type: 'sum', format: 'id' }, 1234567)).toBe('1234567');
    expect(formatItemValue({ type: 'sum', format: 'km', round: 0 }, 1234.5)).toBe('1,235 km');
  });

  it('numbers follow getCustomFormat: formatOptions first', () => {
    expect(formatItemValue({ type: 'sum', format: 'usd', formatOptions: { type: 'percent', round: 0 } }, 0.5)).toBe('50%');
    expect(formatItemValue({ type: 'sum', round: 1, compact: 'thousands' }, 1234567)).toBe('1,234.6K');
    expect(formatItemValue({ type: 'count' }, 1234567)).toBe('1,234,567');
    expect(formatItemValue({ type: 'count' }, '113')).toBe('113');
    expect(formatItemValue({ type: 'sum' }, 'n/a')).toBe('n/a');
  });

  it('MIN / MAX of dates show as timestamps', () => {
    expect(formatItemValue({ fieldType: 'metric', type: 'min' }, new Date('2018-01-01T00:00:00.000Z'))).toBe(
      '2018-01-01, 00:00:00:000 (+00:00)',
    );
    expect(formatItemValue({ fieldType: 'metric', type: 'max' }, '2018-04-09T00:00:00.000Z')).toBe('2018-04-09, 00:00:00:000 (+00:00)');
    expect(formatItemValue({ fieldType: 'metric', type: 'max', round: 1 }, 12.34)).toBe('12.3');
  });

  it('table calculations: their format object, their type', () => {
    expect(formatItemValue({ type: 'number', format: { type: 'percent', round: 1 } }, 0.256)).toBe('25.6%');
    expect(formatItemValue({ format: { type: 'currency', currency: 'GBP', round: 0 } }, 99.5)).toBe('£100');
    expect(formatItemValue({ type: 'string', format: { type: 'percent' } }, 'abc')).toBe('abc');
    expect(formatItemValue({ type: 'date', format: { type: 'number' } }, '2024-05-17')).toBe('2024-05-17');
    expect(formatItemValue({ format: { type: 'date', timeInterval: 'YEAR' } }, '2024-05-17')).toBe('2024');
    expect(formatItemValue({}, 1234.5678)).toBe('1,234.568');
  });

  it('custom dimensions: bins are labels, SQL dimensions follow dimensionType', () => {
    expect(formatItemValue({ type: 'bin' }, '10 - 19')).toBe('10 - 19');
    expect(formatItemValue({ type: 'sql', dimensionType: 'number' }, 1234.5)).toBe('1,234.5');
    expect(formatItemValue({ type: 'sql', dimensionType: 'date' }, new Date('2024-05-17T00:00:00Z'))).toBe('2024-05-17');
    expect(formatItemValue({ type: 'sql' }, 1234.5)).toBe('1234.5');
  });

  it('no item: by the value itself', () => {
    expect(formatItemValue(undefined, 1234.5)).toBe('1,234.5');
    expect(formatItemValue(undefined, 12n)).toBe('12');
    expect(formatItemValue(undefined, '1234.5')).toBe('1234.5');
    expect(formatItemValue(undefined, true)).toBe('True');
    expect(formatItemValue(undefined, new Date('2024-05-17T13:45:30.123Z'))).toBe('2024-05-17, 13:45:30:123 (+00:00)');
  });

  it('a compiled formatter gives what formatItemValue gives, cell after cell', () => {
    const item: FormattableItem = { type: 'sum', format: 'eur', round: 0, compact: 'thousands' };
    const format = createItemFormatter(item);
    for (const value of [1234567, null, -5000, '2500', undefined, 'x']) expect(format(value)).toBe(formatItemValue(item, value));
    expect(format(1234567)).toBe('€1,235K');
  });
});

describe('createItemFormatter keeps the formatter of an item that cannot change', () => {
  it('reuses it for a frozen item, builds afresh for one that may still change, and formats alike', () => {
    const frozen = Object.freeze({ type: 'sum', format: 'usd', round: 1 } as FormattableItem);
    expect(createItemFormatter(frozen)).toBe(createItemFormatter(frozen));
    const open = { type: 'sum', format: 'usd', round: 1 } as FormattableItem;
    expect(createItemFormatter(open)).not.toBe(createItemFormatter(open));
    expect(createItemFormatter(frozen)(1234.56)).toBe(createItemFormatter(open)(1234.56));
    // An open item changed between requests is formatted by its new rules.
    const before = createItemFormatter(open)(1234.56);
    (open as { round: number }).round = 0;
    expect(createItemFormatter(open)(1234.56)).not.toBe(before);
  });
});
