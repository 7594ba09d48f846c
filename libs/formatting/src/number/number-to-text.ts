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

/** Builds the number-to-text function for a style once, so formatting a cell is one Intl call. */
export function createNumberToText(style: NumberStyle): NumberToText {
  const options: Intl.NumberFormatOptions = {
    ...roundingOptions(style.round),
    useGrouping: style.separator !== 'noSeparatorPeriod',
    // a malformed code cannot name a currency: such values show as plain numbers
    ...(isCurrencyCode(style.currency) ? { style: 'currency', currency: style.currency.toUpperCase() } : {}),
  };
  const intl = intlFormat(options);
  const rewrite = separatorRewrite(style.separator);
  return rewrite === undefined ? (value) => intl.format(value) : (value) => rewrite(intl.format(value));
}

/** The decimals a currency shows by default (2 for USD, 0 for JPY). */
export function currencyDigits(code: string): number {
  return isCurrencyCode(code) ? (intlFormat({ style: 'currency', currency: code.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2) : 2;
}

/** The symbol en-US shows for a currency ('$', '€', 'DKK'). */
export function currencySymbol(code: string): string {
  if (!isCurrencyCode(code)) return code;
  const part = intlFormat({ style: 'currency', currency: code.toUpperCase() })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? code.toUpperCase();
}
