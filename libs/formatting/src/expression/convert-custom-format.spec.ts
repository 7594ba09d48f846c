import type { CustomFormat } from '@quarry/domain';
import { format as formatWithExpression } from 'numfmt';

import { applyCustomFormat } from '../custom-format/create-custom-formatter';
import { convertCustomFormatToFormatExpression } from './convert-custom-format';

describe('convertCustomFormatToFormatExpression', () => {
  it.each<[CustomFormat, string | undefined]>([
    [{ type: 'number', round: 2 }, '#,##0.00'],
    [{ type: 'number', round: 0 }, '#,##0'],
    [{ type: 'number' }, '#,##0.###'],
    [{ type: 'number', round: -2 }, '#,##0.###'],
    [{ type: 'number', round: 1, separator: 'noSeparatorPeriod' }, '0.0'],
    [{ type: 'number', round: 1, separator: 'periodComma' }, '#,##0.0'],
    [{ type: 'number', round: 0, compact: 'thousands' }, '#,##0,"K"'],
    [{ type: 'number', round: 2, compact: 'M' }, '#,##0.00,,"M"'],
    [{ type: 'number', round: 1, compact: 'billions' }, '#,##0.0,,,"B"'],
    [{ type: 'number', round: 0, compact: 'trillions' }, '#,##0,,,,"T"'],
    [{ type: 'number', round: 1, prefix: '~', suffix: ' km' }, '"~"#,##0.0" km"'],
    [{ type: 'number', round: 0, suffix: ' "in"' }, '#,##0" "\\""in"\\"'],
    [{ type: 'number', compact: 'kibibytes' }, undefined],
    [{ type: 'percent', round: 1 }, '#,##0.0%'],
    [{ type: 'percent' }, '#,##0.###%'],
    [{ type: 'currency', currency: 'USD' }, '[$$]#,##0.00'],
    [{ type: 'currency', currency: 'eur', round: 0, compact: 'thousands' }, '[$€]#,##0,"K"'],
    [{ type: 'currency', currency: 'JPY' }, '[$¥]#,##0'],
    [{ type: 'currency', currency: 'DKK', round: 1 }, '[$DKK] #,##0.0'],
    [{ type: 'currency' }, '[$$]#,##0.00'],
    [{ type: 'id' }, '0'],
    [{ type: 'bytes_si', compact: 'megabytes', round: 2 }, '#,##0.00,," MB"'],
    [{ type: 'bytes_si' }, undefined],
    [{ type: 'bytes_si', compact: 'thousands' }, undefined],
    [{ type: 'bytes_iec', compact: 'kibibytes' }, undefined],
    [{ type: 'date' }, 'yyyy-mm-dd'],
    [{ type: 'date', timeInterval: 'MONTH' }, 'yyyy-mm'],
    [{ type: 'date', timeInterval: 'YEAR' }, 'yyyy'],
    [{ type: 'date', timeInterval: 'QUARTER' }, undefined],
    [{ type: 'timestamp' }, 'yyyy-mm-dd hh:mm:ss.000'],
    [{ type: 'timestamp', timeInterval: 'HOUR' }, 'yyyy-mm-dd hh'],
    [{ type: 'timestamp', timeInterval: 'MINUTE' }, 'yyyy-mm-dd hh:mm'],
    [{ type: 'timestamp', timeInterval: 'SECOND' }, 'yyyy-mm-dd hh:mm:ss'],
    [{ type: 'timestamp', timeInterval: 'DAY' }, 'yyyy-mm-dd'],
    [{ type: 'custom', custom: '0.0%' }, '0.0%'],
    [{ type: 'custom', custom: '0.0.0"' }, undefined],
    [{ type: 'custom' }, undefined],
    [{ type: 'default', round: 2 }, undefined],
  ])('%j → %p', (format, expected) => {
    expect(convertCustomFormatToFormatExpression(format)).toBe(expected);
  });

  // Where the expression is exact, a spreadsheet formatter shows what applyCustomFormat shows.
  it.each<[CustomFormat, number]>([
    [{ type: 'number', round: 2 }, 1234.567],
    [{ type: 'number', round: 0, compact: 'thousands' }, 1234567],
    [{ type: 'number', round: 1, compact: 'millions', prefix: '~', suffix: ' units' }, 2345678],
    [{ type: 'number', round: 3, separator: 'noSeparatorPeriod' }, 1234567.891],
    [{ type: 'percent', round: 1 }, 0.1234],
    [{ type: 'currency', currency: 'USD', round: 2 }, 1234.5],
    [{ type: 'currency', currency: 'EUR', round: 0, compact: 'thousands' }, 1234567],
    [{ type: 'currency', currency: 'GBP' }, 99.999],
    [{ type: 'bytes_si', compact: 'megabytes', round: 2 }, 123456789],
    [{ type: 'id' }, 12345678],
    [{ type: 'number', round: 0, suffix: ' "in"' }, 5],
  ])('%j agrees with applyCustomFormat on %p', (format, value) => {
    const expression = convertCustomFormatToFormatExpression(format);
    expect(expression).toBeDefined();
    expect(formatWithExpression(expression as string, value)).toBe(applyCustomFormat(value, format));
  });
});
