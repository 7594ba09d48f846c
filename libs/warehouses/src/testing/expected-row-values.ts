// The normalised row every adapter must produce for the same stored values (architecture
// clarification 5). Live engines produce it from SQL; SDK adapters from their SDK's wire values.
export const EXPECTED_ROW = {
  int_value: 42,
  big_int: '9007199254740993',
  safe_big_int: -9007199254740991,
  decimal_value: 12.5,
  wide_decimal: '12345678901234567890.12',
  tenth: 0.1,
  double_value: 1.5,
  real_value: 1.1,
  nan_value: 'NaN',
  negative_infinity: '-Infinity',
  true_value: true,
  false_value: false,
  date_value: '2018-01-01T00:00:00.000Z',
  ancient_date: '0099-03-04T00:00:00.000Z',
  timestamp_value: '2018-01-01T12:34:56.789Z',
  zoned_value: '2018-06-01T10:34:56.789Z',
  text_value: 'héllo ✓',
  null_text: null,
  null_date: null,
  null_number: null,
} as const;

export type ExpectedColumn = keyof typeof EXPECTED_ROW;

/** The expected row restricted to the columns a test builds. */
export function expectedRow(columns: readonly ExpectedColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, EXPECTED_ROW[column]]));
}

/** Columns every SDK adapter test covers. */
export const SDK_COLUMNS: readonly ExpectedColumn[] = [
  'int_value',
  'big_int',
  'decimal_value',
  'wide_decimal',
  'double_value',
  'nan_value',
  'true_value',
  'date_value',
  'timestamp_value',
  'zoned_value',
  'text_value',
  'null_number',
];
