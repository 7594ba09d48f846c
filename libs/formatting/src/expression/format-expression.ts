import { format as formatWithExpression, isDateFormat, isValidFormat } from 'numfmt';

import { parseUtc } from '../dates/utc-dayjs';
import type { ValueFormatter } from '../item/formattable-item';
import { valueAsText } from '../item/value-as-text';
import { toNumeric } from '../number/numeric-value';

/** Legacy `format` keywords: they are valid spreadsheet expressions too, but mean something else. */
export const LEGACY_FORMAT_KEYWORDS = ['usd', 'gbp', 'eur', 'jpy', 'dkk', 'km', 'mi', 'percent', 'id'] as const;

export function isLegacyFormatKeyword(format: string): boolean {
  return (LEGACY_FORMAT_KEYWORDS as readonly string[]).includes(format.trim().toLowerCase());
}

/** True for a non-empty, valid ECMA-376 number format expression. */
export function isValidExpression(expression: unknown): expression is string {
  return typeof expression === 'string' && expression.trim() !== '' && isValidFormat(expression);
}

/** True for an item `format` that is a spreadsheet expression rather than a legacy keyword. */
export function isFormatExpression(format: unknown): format is string {
  return isValidExpression(format) && !isLegacyFormatKeyword(format);
}

// Integers beyond 2^53 print as plain digits instead of numfmt's overflow marks; a bad expression
// yields numfmt's error text rather than an exception.
const NUMFMT_OPTIONS = { bigintErrorNumber: true, throws: false } as const;

/** Formats cells with a spreadsheet expression; cells it cannot apply to show as text. */
export function createExpressionFormatter(expression: string): ValueFormatter {
  const dates = isDateFormat(expression);
  return (value) => {
    const numeric = toNumeric(value);
    if (numeric !== undefined) return formatWithExpression(expression, numeric, NUMFMT_OPTIONS);
    if (dates) {
      // numfmt reads Date objects in UTC; ISO text from the cache becomes a Date first
      const date = parseUtc(value);
      if (date !== undefined) return formatWithExpression(expression, date.toDate(), NUMFMT_OPTIONS);
    }
    return valueAsText(value);
  };
}
