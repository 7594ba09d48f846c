import type { CustomFormat } from '@quarry/domain';

import type { FormattableItem } from '../item/formattable-item';
import { getCustomFormat } from './get-custom-format';

describe('getCustomFormat', () => {
  it('formatOptions win over a table-calculation format and a legacy keyword', () => {
    const formatOptions: CustomFormat = { type: 'percent', round: 1 };
    expect(getCustomFormat({ type: 'sum', format: 'usd', round: 2, formatOptions })).toBe(formatOptions);
    expect(getCustomFormat({ type: 'number', format: { type: 'currency', currency: 'EUR' }, formatOptions })).toBe(formatOptions);
  });

  it("a table calculation's format object comes next", () => {
    const format: CustomFormat = { type: 'bytes_si', compact: 'megabytes' };
    expect(getCustomFormat({ type: 'number', format, round: 3 })).toBe(format);
  });

  describe('legacy keywords, with the item round, compact and separator', () => {
    it.each<[FormattableItem, CustomFormat]>([
      [
        { type: 'sum', format: 'usd' },
        { type: 'currency', currency: 'USD' },
      ],
      [
        { type: 'sum', format: 'gbp', round: 0 },
        { type: 'currency', currency: 'GBP', round: 0 },
      ],
      [
        { type: 'sum', format: 'eur', compact: 'thousands' },
        { type: 'currency', currency: 'EUR', compact: 'thousands' },
      ],
      [
        { type: 'sum', format: 'JPY' },
        { type: 'currency', currency: 'JPY' },
      ],
      [
        { type: 'sum', format: 'dkk', separator: 'periodComma' },
        { type: 'currency', currency: 'DKK', separator: 'periodComma' },
      ],
      [
        { type: 'sum', format: 'km' },
        { type: 'number', suffix: ' km' },
      ],
      [
        { type: 'sum', format: 'mi', round: 1, compact: 'K' },
        { type: 'number', suffix: ' mi', round: 1, compact: 'thousands' },
      ],
      [
        { type: 'average', format: 'percent', round: 1, compact: 'millions' },
        { type: 'percent', round: 1 },
      ],
      [{ type: 'number', format: 'id', round: 2 }, { type: 'id' }],
      [{ type: 'sum' }, { type: 'number' }],
      [
        { type: 'sum', round: 2, compact: 'billions' },
        { type: 'number', round: 2, compact: 'billions' },
      ],
      // explores serialise absent options as null
      [{ type: 'sum', format: null, round: null, compact: null, separator: null }, { type: 'number' }],
      // an unknown compact or separator is dropped rather than guessed
      [{ type: 'sum', compact: 'lots', separator: 'weird' }, { type: 'number' }],
      // a spreadsheet expression is applied by formatItemValue before any CustomFormat
      [
        { type: 'sum', format: '#,##0.00', round: 1 },
        { type: 'number', round: 1 },
      ],
    ])('%j → %j', (item, expected) => {
      expect(getCustomFormat(item)).toEqual(expected);
    });
  });

  it('no item: the default format', () => {
    expect(getCustomFormat(undefined)).toEqual({ type: 'default' });
  });
});
