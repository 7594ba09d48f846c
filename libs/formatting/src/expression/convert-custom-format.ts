import type { CustomFormat } from '@quarry/domain';

import { compactScale, IEC_BYTE_UNITS } from '../number/compact-units';
import { currencyDigits, currencySymbol } from '../number/number-to-text';
import { isValidExpression } from './format-expression';

/** Text shown literally inside an expression: quoted, with `"` escaped (it cannot appear inside quotes). */
function literal(text: string | undefined): string {
  if (text === undefined || text === '') return '';
  return text
    .split('"')
    .map((part) => (part === '' ? '' : `"${part}"`))
    .join('\\"');
}

/**
 * Digits part. Expressions cannot say "up to 3 decimals" without a trailing point on integers, nor
 * "n significant digits": both become up to 3 optional decimals. Separator styles other than
 * "none" are the reader's locale in spreadsheet formats, so only grouping on/off is expressed.
 */
function digits(round: number | undefined, separator: CustomFormat['separator']): string {
  const integer = separator === 'noSeparatorPeriod' ? '0' : '#,##0';
  if (round === undefined || !Number.isFinite(round) || round < 0) return `${integer}.###`;
  const fixed = Math.min(30, Math.trunc(round));
  return fixed === 0 ? integer : `${integer}.${'0'.repeat(fixed)}`;
}

/** Compact scaling: each trailing `,` divides by 1000, so only 1000-based units are expressible. */
function compactPart(compact: CustomFormat['compact']): string | undefined {
  const scale = compactScale(compact);
  if (scale === undefined) return '';
  if (IEC_BYTE_UNITS.includes(scale.unit)) return undefined;
  const commas = ','.repeat(Math.round(Math.log10(scale.divisor) / 3));
  return `${commas}${literal(scale.suffix)}`;
}

const DATE_EXPRESSIONS: Readonly<Record<string, string>> = {
  YEAR: 'yyyy',
  MONTH: 'yyyy-mm',
  WEEK: 'yyyy-mm-dd',
  DAY: 'yyyy-mm-dd',
};
const TIMESTAMP_EXPRESSIONS: Readonly<Record<string, string>> = {
  HOUR: 'yyyy-mm-dd hh',
  MINUTE: 'yyyy-mm-dd hh:mm',
  SECOND: 'yyyy-mm-dd hh:mm:ss',
};

function dateExpression(interval: string | undefined, timestamp: boolean): string | undefined {
  if (interval === 'QUARTER') return undefined; // spreadsheet formats have no quarter code
  if (interval !== undefined && Object.hasOwn(DATE_EXPRESSIONS, interval)) return DATE_EXPRESSIONS[interval];
  if (!timestamp) return 'yyyy-mm-dd';
  if (interval !== undefined && Object.hasOwn(TIMESTAMP_EXPRESSIONS, interval)) return TIMESTAMP_EXPRESSIONS[interval];
  return 'yyyy-mm-dd hh:mm:ss.000';
}

/**
 * An ECMA-376 expression showing values as `format` does (used for metricOverrides in results);
 * undefined when the format has no spreadsheet equivalent (`default`, 1024-based byte units,
 * automatic byte units, quarters, an invalid custom expression).
 */
export function convertCustomFormatToFormatExpression(format: CustomFormat): string | undefined {
  const round = format.round ?? undefined;
  switch (format.type) {
    case 'percent':
      return `${digits(round, format.separator)}%`;
    case 'currency': {
      const code = (format.currency || 'USD').toUpperCase();
      const compact = compactPart(format.compact);
      if (compact === undefined) return undefined;
      const symbol = currencySymbol(code);
      // a symbol made of letters ('DKK') reads better with a space before the number
      const spacing = /^[A-Za-z]+$/.test(symbol) ? ' ' : '';
      return `[$${symbol}]${spacing}${digits(round ?? currencyDigits(code), format.separator)}${compact}`;
    }
    case 'number': {
      const compact = compactPart(format.compact);
      if (compact === undefined) return undefined;
      return `${literal(format.prefix)}${digits(round, format.separator)}${compact}${literal(format.suffix)}`;
    }
    case 'id':
      return '0';
    case 'bytes_si': {
      const scale = compactScale(format.compact);
      if (scale === undefined || !scale.suffix.endsWith('B') || IEC_BYTE_UNITS.includes(scale.unit)) return undefined;
      return `${digits(round, format.separator)}${compactPart(format.compact) ?? ''}`;
    }
    case 'date':
      return dateExpression(format.timeInterval, false);
    case 'timestamp':
      return dateExpression(format.timeInterval, true);
    case 'custom':
      return isValidExpression(format.custom) ? format.custom : undefined;
    case 'bytes_iec': // 1024-based scaling has no spreadsheet form
    case 'default': // the field keeps its own formatting
      return undefined;
  }
}
