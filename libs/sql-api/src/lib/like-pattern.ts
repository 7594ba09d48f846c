import { SqlApiError } from './sql-plan';

/** What a LIKE pattern asks, in the terms of Quarry's string operators. */
export type LikeShape = { kind: 'any' } | { kind: 'equals' | 'startsWith' | 'endsWith' | 'include'; text: string };

/**
 * Reads a LIKE pattern: `abc` → equals, `abc%` → startsWith, `%abc` → endsWith, `%abc%` → include,
 * `%` → any non-null text. Escaped wildcards are literal (Quarry escapes its own values). A `_`, or a
 * `%` inside the text, asks what no Quarry operator says: refused, never approximated.
 */
export function likePattern(pattern: string, escape: string): LikeShape {
  if (escape.length > 1) throw new SqlApiError('22025', 'invalid escape string: it must be empty or one character');
  const literal: string[] = [];
  let leading = false;
  let trailing = false;
  let index = 0;
  while (index < pattern.length && pattern[index] === '%') {
    leading = true;
    index += 1;
  }
  for (; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (escape !== '' && char === escape) {
      index += 1;
      if (index >= pattern.length) throw new SqlApiError('22025', 'LIKE pattern must not end with escape character');
      literal.push(pattern[index] as string);
    } else if (char === '%') {
      if (pattern.slice(index).split('').every((rest) => rest === '%')) {
        trailing = true;
        break;
      }
      throw new SqlApiError('0A000', `the LIKE pattern '${pattern}' has a % inside its text: only 'x%', '%x', '%x%' and 'x' can be expressed`);
    } else if (char === '_') {
      throw new SqlApiError('0A000', `the LIKE pattern '${pattern}' uses _ (any one character), which no Quarry filter expresses`);
    } else {
      literal.push(char);
    }
  }
  const text = literal.join('');
  if (text === '') return leading || trailing ? { kind: 'any' } : { kind: 'equals', text };
  if (leading && trailing) return { kind: 'include', text };
  if (leading) return { kind: 'endsWith', text };
  if (trailing) return { kind: 'startsWith', text };
  return { kind: 'equals', text };
}
