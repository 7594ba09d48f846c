/** Operators of a filter rule (Lightdash's `FilterOperator`). */
export const FILTER_OPERATORS = [
  'isNull',
  'notNull',
  'equals',
  'notEquals',
  'startsWith',
  'endsWith',
  'include',
  'doesNotInclude',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'inThePast',
  'notInThePast',
  'inTheNext',
  'inTheCurrent',
  'notInTheCurrent',
  'inBetween',
  'notInBetween',
  'inPeriodToDate',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const UNITS_OF_TIME = ['milliseconds', 'seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'quarters', 'years'] as const;
export type UnitOfTime = (typeof UNITS_OF_TIME)[number];

export function isUnitOfTime(value: unknown): value is UnitOfTime {
  return typeof value === 'string' && (UNITS_OF_TIME as readonly string[]).includes(value);
}

/** Relative-date settings of a rule: `inThePast 3 completed months` → `{ unitOfTime: 'months', completed: true }`. */
export interface FilterRuleSettings {
  unitOfTime?: UnitOfTime;
  completed?: boolean;
}

export type FilterValue = string | number | boolean | null;

/**
 * A filter declared in the transform project (metric `filters`, model `required_filters` /
 * `default_filters`). The target is a field reference relative to the declaring model:
 * `status` or `customers.status`.
 */
export interface ModelFilterRule {
  id: string;
  target: { fieldRef: string };
  operator: FilterOperator;
  values?: FilterValue[];
  settings?: FilterRuleSettings;
  /** Only on model filters: false for `default_filters` (users may remove them). */
  required?: boolean;
}
