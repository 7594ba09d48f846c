/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet opening an export runs a cell that
 * starts with `=`, `+`, `-` or `@` (and TAB or CR, which some strip first) as a formula — DDE
 * (`=cmd|' /C calc'!A0`), HYPERLINK to exfiltrate the sheet. Such a cell gets a leading `'`,
 * which spreadsheets read as "this is text" and do not show. A cell that is a number as written
 * (`-5`, `-1,234.50`, `+3e5`, `-12%`, `-Infinity`) is left alone: a spreadsheet reads it as that
 * number, never as a formula. Applied by every CSV writer alike (Papa Parse's path and the
 * engines' COPY), so the bytes stay identical; Google Sheets takes typed values and needs none.
 */
const NUMBER_PATTERN = '^[-+]?([0-9][0-9,]*([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]+)?%?$';
const NUMBER_TEXT = new RegExp(NUMBER_PATTERN);

/** `=` `+` `-` `@` TAB CR */
const FORMULA_STARTS = new Set([61, 43, 45, 64, 9, 13]);

/** Whether a cell's first UTF-16 unit or UTF-8 byte (the starts are ASCII, so both agree) may begin a formula. */
export function mayStartFormula(code: number | undefined): boolean {
  return code !== undefined && FORMULA_STARTS.has(code);
}

/** Whether a cell that mayStartFormula is still a number as written (left alone). */
export function isNumberAsWritten(text: string): boolean {
  return text === '-Infinity' || NUMBER_TEXT.test(text);
}

export function formulaSafeCell(text: string): string {
  if (!mayStartFormula(text.charCodeAt(0))) return text;
  return isNumberAsWritten(text) ? text : `'${text}`;
}

/**
 * formulaSafeCell in SQL, for DuckDB and PostgreSQL alike (`~` is a full match in DuckDB and a
 * search in PostgreSQL: the anchored pattern means the same in both). `cell` must be a column
 * reference (it is read up to three times); NULL stays NULL.
 */
export function formulaSafeCellSql(cell: string): string {
  // ascii() of the first character: cheaper than left() (measured: +≈ 70 ms per million text cells on DuckDB, against +≈ 200 ms); 0 for ''.
  return (
    `CASE WHEN ascii(${cell}) IN (61, 43, 45, 64, 9, 13) AND NOT (${cell} = '-Infinity' OR ${cell} ~ '${NUMBER_PATTERN}') ` +
    `THEN '''' || ${cell} ELSE ${cell} END`
  );
}
