import type { TimeFrame } from '@quarry/domain';

/** Grains a timestamp can be truncated to. */
export type TruncationUnit = 'MILLISECOND' | 'SECOND' | 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR';

/** Numbered parts of a date, named as PostgreSQL's DATE_PART names them. */
export type DatePart = 'DOW' | 'DAY' | 'DOY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR' | 'HOUR' | 'MINUTE';

/** Named parts of a date. */
export type DateName = 'DAY_OF_WEEK' | 'MONTH' | 'QUARTER';

/** Units of interval arithmetic (period-over-period offsets, date zoom). */
export type IntervalUnit = 'SECOND' | 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR';

/** How each time frame is computed: kept as is, truncated, a numbered part, or a name. */
export type TimeFrameSqlKind =
  { kind: 'raw' } | { kind: 'truncate'; unit: TruncationUnit } | { kind: 'part'; part: DatePart } | { kind: 'name'; name: DateName };

export const TIME_FRAME_SQL_KINDS: Record<TimeFrame, TimeFrameSqlKind> = {
  RAW: { kind: 'raw' },
  YEAR: { kind: 'truncate', unit: 'YEAR' },
  QUARTER: { kind: 'truncate', unit: 'QUARTER' },
  MONTH: { kind: 'truncate', unit: 'MONTH' },
  WEEK: { kind: 'truncate', unit: 'WEEK' },
  DAY: { kind: 'truncate', unit: 'DAY' },
  HOUR: { kind: 'truncate', unit: 'HOUR' },
  MINUTE: { kind: 'truncate', unit: 'MINUTE' },
  SECOND: { kind: 'truncate', unit: 'SECOND' },
  MILLISECOND: { kind: 'truncate', unit: 'MILLISECOND' },
  DAY_OF_WEEK_INDEX: { kind: 'part', part: 'DOW' },
  DAY_OF_MONTH_NUM: { kind: 'part', part: 'DAY' },
  DAY_OF_YEAR_NUM: { kind: 'part', part: 'DOY' },
  WEEK_NUM: { kind: 'part', part: 'WEEK' },
  MONTH_NUM: { kind: 'part', part: 'MONTH' },
  QUARTER_NUM: { kind: 'part', part: 'QUARTER' },
  YEAR_NUM: { kind: 'part', part: 'YEAR' },
  HOUR_OF_DAY_NUM: { kind: 'part', part: 'HOUR' },
  MINUTE_OF_HOUR_NUM: { kind: 'part', part: 'MINUTE' },
  DAY_OF_WEEK_NAME: { kind: 'name', name: 'DAY_OF_WEEK' },
  MONTH_NAME: { kind: 'name', name: 'MONTH' },
  QUARTER_NAME: { kind: 'name', name: 'QUARTER' },
};

/** English day names for a week start (0 = Monday … 6 = Sunday). */
export const WEEK_DAY_NAMES = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
