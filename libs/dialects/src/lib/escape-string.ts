/**
 * The default way to make a value safe inside a single-quoted SQL literal (semantics.md §4):
 * Unicode NFC first (so look-alike sequences cannot smuggle quotes), then SQL comments are
 * removed (a value must never be able to comment out the rest of a statement), backslashes are
 * doubled (warehouses that treat `\` as an escape would otherwise let `\'` end the literal),
 * quotes are doubled, and NUL bytes, which no warehouse accepts in text, are dropped.
 */
export function escapeStringDefault(value: string): string {
  return stripSqlComments(value.normalize('NFC')).replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll('\0', '');
}

/**
 * For warehouses whose literals take backslash escapes and not doubled quotes (BigQuery,
 * Databricks): same rules, but a quote becomes `\'`.
 */
export function escapeStringWithBackslashQuote(value: string): string {
  return stripSqlComments(value.normalize('NFC')).replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\0', '');
}

function stripSqlComments(value: string): string {
  return value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/--[^\r\n]*/g, '');
}
