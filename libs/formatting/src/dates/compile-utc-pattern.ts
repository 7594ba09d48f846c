import dayjs from './utc-dayjs';

type DatePart = (date: Date) => string;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

// The tokens result patterns use, with dayjs's meaning; `[...]` is literal text.
/** The dayjs tokens result patterns use. */
export type DateToken = 'YYYY' | 'Q' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss' | 'SSS' | 'Z';

const TOKENS: Readonly<Record<DateToken, DatePart>> = {
  YYYY: (date) => pad(date.getUTCFullYear(), 4),
  Q: (date) => String(Math.floor(date.getUTCMonth() / 3) + 1),
  MM: (date) => pad(date.getUTCMonth() + 1, 2),
  DD: (date) => pad(date.getUTCDate(), 2),
  HH: (date) => pad(date.getUTCHours(), 2),
  mm: (date) => pad(date.getUTCMinutes(), 2),
  ss: (date) => pad(date.getUTCSeconds(), 2),
  SSS: (date) => pad(date.getUTCMilliseconds(), 3),
  Z: () => '+00:00',
};
const TOKEN = /\[([^\]]*)]|YYYY|SSS|MM|DD|HH|mm|ss|Q|Z/g;

/** A pattern's pieces in order: dayjs tokens, and literal text (`[...]` unwrapped). */
export type PatternPart = { token: DateToken } | { literal: string };

export function patternParts(pattern: string): PatternPart[] {
  const parts: PatternPart[] = [];
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    const literal = pattern.slice(last, match.index) + (match[1] ?? '');
    if (literal !== '') parts.push({ literal });
    if (match[1] === undefined) parts.push({ token: match[0] as DateToken });
    last = match.index + match[0].length;
  }
  const tail = pattern.slice(last);
  if (tail !== '') parts.push({ literal: tail });
  return parts;
}

/**
 * Compiles a dayjs pattern into a function of a Date's UTC fields. dayjs re-parses its pattern and
 * builds an object for every value, which costs microseconds per cell on multi-million-row exports;
 * this gives the same text (a test compares them) for the tokens results use. Years outside
 * 0–9999, which dayjs writes its own way, are still handed to dayjs.
 */
export function compileUtcPattern(pattern: string): (date: Date) => string {
  const parts: DatePart[] = patternParts(pattern).map((part) => ('token' in part ? TOKENS[part.token] : () => part.literal));
  return (date) => {
    const year = date.getUTCFullYear();
    if (year < 0 || year > 9999) return dayjs.utc(date).format(pattern);
    let text = '';
    for (const part of parts) text += part(date);
    return text;
  };
}
