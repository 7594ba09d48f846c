import type { CompactUnit, CustomFormat } from '@quarry/domain';

import { createDateFormatter, createTimestampFormatter } from '../dates/date-formatters';
import { createExpressionFormatter, isValidExpression } from '../expression/format-expression';
import type { ValueFormatter } from '../item/formattable-item';
import { valueAsText } from '../item/value-as-text';
import { type CompactScale, compactScale, IEC_BYTE_UNITS, isByteUnit, SI_BYTE_UNITS } from '../number/compact-units';
import { createNumberToText, type NumberToText } from '../number/number-to-text';
import { type Numeric, toNumber, toNumeric } from '../number/numeric-value';

/** Applies a number formatter to numeric cells; anything else shows unchanged as text. */
function numericOnly(format: (value: Numeric) => string): ValueFormatter {
  return (value) => {
    const numeric = toNumeric(value);
    return numeric === undefined ? valueAsText(value) : format(numeric);
  };
}

function scaled(toText: NumberToText, scale: CompactScale | undefined): (value: Numeric) => string {
  if (scale === undefined) return toText;
  const { divisor, suffix } = scale;
  return (value) => toText(toNumber(value) / divisor) + suffix;
}

function percentFormatter(format: CustomFormat): ValueFormatter {
  const toText = createNumberToText(format);
  return numericOnly((value) => `${toText(toNumber(value) * 100)}%`);
}

function currencyFormatter(format: CustomFormat): ValueFormatter {
  const toText = createNumberToText({ round: format.round, separator: format.separator, currency: format.currency || 'USD' });
  // compacting happens before the currency symbol is added: '$1.23K'
  return numericOnly(scaled(toText, compactScale(format.compact)));
}

function numberFormatter(format: CustomFormat): ValueFormatter {
  const withCompact = scaled(createNumberToText(format), compactScale(format.compact));
  const prefix = format.prefix ?? '';
  const suffix = format.suffix ?? '';
  if (prefix === '' && suffix === '') return numericOnly(withCompact);
  return numericOnly((value) => prefix + withCompact(value) + suffix);
}

/** bytes: a configured byte unit is used as is; otherwise the largest unit the value reaches. */
function bytesFormatter(format: CustomFormat, units: readonly CompactUnit[]): ValueFormatter {
  const toText = createNumberToText(format);
  const configured = compactScale(format.compact);
  if (configured !== undefined && isByteUnit(configured.unit)) return numericOnly(scaled(toText, configured));
  const scales = units.map((unit) => compactScale(unit) as CompactScale);
  return numericOnly((value) => {
    const number = toNumber(value);
    const magnitude = Math.abs(number);
    const scale = scales.find((candidate) => magnitude >= candidate.divisor);
    return scale === undefined ? `${toText(number)} B` : toText(number / scale.divisor) + scale.suffix;
  });
}

/** Compiles a CustomFormat into a cell formatter once; callers reuse it for every cell of a column. */
export function createCustomFormatter(format: CustomFormat | undefined | null): ValueFormatter {
  const inner = compile(format ?? { type: 'default' });
  return (value) => (value === null ? '∅' : value === undefined ? '-' : inner(value));
}

function compile(format: CustomFormat): ValueFormatter {
  switch (format.type) {
    case 'percent':
      return percentFormatter(format);
    case 'currency':
      return currencyFormatter(format);
    case 'id':
      // identifiers are shown raw: no grouping, no rounding
      return valueAsText;
    case 'bytes_si':
      return bytesFormatter(format, SI_BYTE_UNITS);
    case 'bytes_iec':
      return bytesFormatter(format, IEC_BYTE_UNITS);
    case 'date':
      return createDateFormatter(format.timeInterval);
    case 'timestamp':
      return createTimestampFormatter(format.timeInterval);
    case 'custom':
      return isValidExpression(format.custom) ? createExpressionFormatter(format.custom) : valueAsText;
    case 'number':
    case 'default':
    default:
      // 'default' and unknown types still honour round, compact, separator and affixes
      return numberFormatter(format);
  }
}

/** Formats one value with a CustomFormat (null `∅`, undefined `-`). For many cells, use createCustomFormatter. */
export function applyCustomFormat(value: unknown, format: CustomFormat | undefined | null): string {
  return createCustomFormatter(format)(value);
}
