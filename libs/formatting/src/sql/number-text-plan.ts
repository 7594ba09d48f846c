import { createNumberToText, currencyDigits, isCurrencyCode, type NumberStyle } from '../number/number-to-text';

/** How digits are written: fixed decimals, up to three without trailing zeros (the default), or that many significant digits. */
export type DigitsRule = { fixed: number } | { upTo: 3 } | { significant: number };

/** The text around the digits of a number, and its marks, as the JS formatter writes them. */
export interface NumberTextPlan {
  digits: DigitsRule;
  group: string;
  decimalMark: string;
  /** Text between the minus sign and the digits (a currency symbol), and after the digits. */
  prefix: string;
  suffix: string;
}

const MAX_FIXED_DIGITS = 20;

const MAX_SIGNIFICANT_DIGITS = 21;

/** createNumberToText's rounding: fixed decimals, significant digits (round < 0), a currency's own decimals, or up to 3. */
function digitsRule(style: NumberStyle): DigitsRule {
  const round = style.round;
  if (round !== undefined && round !== null && Number.isFinite(round)) {
    return round < 0
      ? { significant: Math.min(MAX_SIGNIFICANT_DIGITS, Math.max(1, Math.trunc(-round))) }
      : { fixed: Math.min(MAX_FIXED_DIGITS, Math.trunc(round)) };
  }
  return isCurrencyCode(style.currency) ? { fixed: currencyDigits(style.currency) } : { upTo: 3 };
}

function marksOf(separator: NumberStyle['separator']): { group: string; decimalMark: string } {
  switch (separator) {
    case 'periodComma':
      return { group: '.', decimalMark: ',' };
    case 'spacePeriod':
      return { group: ' ', decimalMark: '.' };
    case 'noSeparatorPeriod':
      return { group: '', decimalMark: '.' };
    case null:
    case undefined:
    default:
      return { group: ',', decimalMark: '.' };
  }
}

function digitsText(integer: string, fraction: string, plan: Pick<NumberTextPlan, 'group' | 'decimalMark'>): string {
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, plan.group);
  return fraction === '' ? grouped : `${grouped}${plan.decimalMark}${fraction}`;
}

/**
 * Reads how the JS formatter of a style writes numbers — its marks, its affixes, where the sign
 * goes — from the formatter itself, and checks the reading on probe values. undefined when the
 * formatter writes the probes some other way (a currency whose en-US text puts the symbol after
 * the number, say): the JS path then writes the column.
 */
export function numberTextPlan(style: NumberStyle): NumberTextPlan | undefined {
  const toText = createNumberToText(style);
  const digits = digitsRule(style);

  const marks = marksOf(style.separator);
  const decimals = 'fixed' in digits ? digits.fixed : 0;
  const zero = digitsText('0', '0'.repeat(decimals), marks);
  const zeroText = toText(0);
  const at = zeroText.indexOf(zero);
  if (at < 0) return undefined;
  const plan: NumberTextPlan = { digits, ...marks, prefix: zeroText.slice(0, at), suffix: zeroText.slice(at + zero.length) };

  const fractionOf = (written: string) => ('fixed' in digits ? written.padEnd(decimals, '0') : written);
  const probes: Array<[number, string, string]> = [
    [1000000, '1000000', fractionOf('')],
    ...('significant' in digits && digits.significant < 7
      ? []
      : ([[1234567, '1234567', fractionOf('')]] as Array<[number, string, string]>)),
    [-90000, '90000', fractionOf('')],
    // a fraction every rule writes whole: two decimals, or none when there are none
    ...(decimals >= 2 || 'upTo' in digits || ('significant' in digits && digits.significant >= 6)
      ? ([[-4321.25, '4321', fractionOf('25')]] as Array<[number, string, string]>)
      : []),
  ];
  for (const [value, integer, fraction] of probes) {
    const sign = value < 0 ? '-' : '';
    if (toText(value) !== `${sign}${plan.prefix}${digitsText(integer, fraction, marks)}${plan.suffix}`) return undefined;
  }
  if (toText(-1) !== `-${toText(1)}`) return undefined;
  return plan;
}
