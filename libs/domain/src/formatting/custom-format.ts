/** How a value is shown: the spec's FormatOptions (`formatOptions` on metrics, `format` on table calculations). */
export const CUSTOM_FORMAT_TYPES = [
  'default',
  'percent',
  'currency',
  'number',
  'id',
  'date',
  'timestamp',
  'bytes_si',
  'bytes_iec',
  'custom',
] as const;
export type CustomFormatType = (typeof CUSTOM_FORMAT_TYPES)[number];

export const NUMBER_SEPARATORS = ['default', 'commaPeriod', 'spacePeriod', 'periodComma', 'noSeparatorPeriod'] as const;
export type NumberSeparator = (typeof NUMBER_SEPARATORS)[number];

/** Compact units: number scales, and byte units for bytes_si / bytes_iec. */
export const COMPACT_UNITS = [
  'thousands',
  'millions',
  'billions',
  'trillions',
  'kilobytes',
  'megabytes',
  'gigabytes',
  'terabytes',
  'petabytes',
  'kibibytes',
  'mebibytes',
  'gibibytes',
  'tebibytes',
  'pebibytes',
] as const;
export type CompactUnit = (typeof COMPACT_UNITS)[number];

export interface CustomFormat {
  type: CustomFormatType;
  round?: number;
  separator?: NumberSeparator;
  currency?: string;
  compact?: CompactUnit | 'K' | 'M' | 'B' | 'T';
  prefix?: string;
  suffix?: string;
  /** A TimeFrame name (RAW, DAY, MONTH, …) for date/timestamp formats. */
  timeInterval?: string;
  /** A spreadsheet (ECMA-376) format expression, for type `custom`. */
  custom?: string;
}
