import type { NumberSeparator } from '@quarry/domain';

import type { Numeric } from './numeric-value';

export type NumberToText = (value: Numeric) => string;

export interface NumberStyle {
  /** undefined: up to 3 decimals (currency: its own digits); < 0: that many significant digits; else fixed decimals. */
  round?: number | null;
  separator?: NumberSeparator | string | null;
  /** ISO 4217 code: formats as that currency. */
  currency?: string;
}

// Intl.NumberFormat is costly to build and cheap to call: share one per distinct style. Styles are
// few (round × separator × currency), so the cache stays small.
const intlCache = new Map<string, Intl.NumberFormat>();

function intlFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = intlCache.get(key);
  if (format === undefined) {
    // en-US gives ',' grouping and '.' decimals; other separator styles are derived from it below.
    format = new Intl.NumberFormat('en-US', options);
    intlCache.set(key, format);
  }
  return format;
}

function roundingOptions(round: number | null | undefined): Intl.NumberFormatOptions {
  if (round === undefined || round === null || !Number.isFinite(round)) return {};
  if (round < 0) return { maximumSignificantDigits: Math.min(21, Math.max(1, Math.trunc(-round))) };
  const digits = Math.min(20, Math.trunc(round));
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

const GROUP_OR_DECIMAL = /[,.]/g;
const GROUP = /,/g;

/** Rewrites en-US separators into the configured style; undefined when en-US already is that style. */
function separatorRewrite(separator: NumberStyle['separator']): ((text: string) => string) | undefined {
  switch (separator ?? 'default') {
    case 'periodComma':
      return (text) => text.replace(GROUP_OR_DECIMAL, (mark) => (mark === ',' ? '.' : ','));
    case 'spacePeriod':
      return (text) => text.replace(GROUP, ' ');
    default:
      return undefined;
  }
}

export function isCurrencyCode(code: string | undefined): code is string {
  return code !== undefined && /^[A-Za-z]{3}$/.test(code);
}

/**
 * en-US text of a safe integer as Intl writes it with ',' grouping (or none) and `decimals` zeros
 * after the point — a few string operations instead of an Intl call, which costs several times
 * more per cell (counts and sums are mostly integers).
 */
function integerText(value: number, grouping: boolean, decimals: string): string {
  const digits = String(value < 0 ? -value : value);
  let text = digits;
  if (grouping && digits.length > 3) {
    let end = digits.length % 3 || 3;
    text = digits.slice(0, end);
    for (; end < digits.length; end += 3) text += `,${digits.slice(end, end + 3)}`;
  }
  return `${value < 0 ? '-' : ''}${text}${decimals}`;
}

/** Builds the number-to-text function for a style once, so formatting a cell is at most one Intl call. */
export function createNumberToText(style: NumberStyle): NumberToText {
  const rounding = roundingOptions(style.round);
  const currency = isCurrencyCode(style.currency);
  const options: Intl.NumberFormatOptions = {
    ...rounding,
    useGrouping: style.separator !== 'noSeparatorPeriod',
    // a malformed code cannot name a currency: such values show as plain numbers
    ...(currency ? { style: 'currency', currency: (style.currency as string).toUpperCase() } : {}),
  };
  const intl = intlFormat(options);
  const rewrite = separatorRewrite(style.separator);
  const toText: NumberToText =
    // Integers take the short path unless the style rounds to significant digits or adds a currency.
    currency || rounding.maximumSignificantDigits !== undefined
      ? (value) => intl.format(value)
      : integersFirst(
          intl,
          options.useGrouping === true,
          rounding.minimumFractionDigits ? `.${'0'.repeat(rounding.minimumFractionDigits)}` : '',
        );
  return rewrite === undefined ? toText : (value) => rewrite(toText(value));
}

function integersFirst(intl: Intl.NumberFormat, grouping: boolean, decimals: string): NumberToText {
  // -0 keeps its sign in Intl ('-0'): left to Intl, like every non-integer
  return (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0)
      ? integerText(value, grouping, decimals)
      : intl.format(value);
}

/** The decimals a currency shows by default (2 for USD, 0 for JPY). */
export function currencyDigits(code: string): number {
  return isCurrencyCode(code)
    ? (intlFormat({ style: 'currency', currency: code.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2)
    : 2;
}

/** The symbol en-US shows for a currency ('$', '€', 'DKK'). */
export function currencySymbol(code: string): string {
  if (!isCurrencyCode(code)) return code;
  const part = intlFormat({ style: 'currency', currency: code.toUpperCase() })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? code.toUpperCase();
}
