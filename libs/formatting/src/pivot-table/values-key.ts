import { valueAsText } from '../item/value-as-text';

function taggedValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
    case 'bigint':
      return `n${value}`;
    case 'boolean':
      return `b${value}`;
    case 'undefined':
      return 'u';
    case 'object':
      if (value === null) return 'z';
      return value instanceof Date ? `d${value.getTime()}` : `o${valueAsText(value)}`;
    case 'function':
    case 'symbol':
      // no driver returns these; their text is still an identity of sorts
      return `o${String(value)}`;
  }
}

/**
 * The identity of a row's values in the given columns, for grouping rows. Tagged by type so that
 * `null` and `'null'`, or `1` and `'1'`, stay apart; JSON keeps any separator inside text harmless.
 */
export function valuesKey(row: Readonly<Record<string, unknown>>, ids: readonly string[]): string {
  return JSON.stringify(ids.map((id) => taggedValue(row[id])));
}
