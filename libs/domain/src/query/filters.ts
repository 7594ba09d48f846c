import type { FilterOperator, FilterRuleSettings } from '../explore/filter-rule';

/** A request filter rule: targets a field id of the query (or a table calculation name). */
export interface FilterRule {
  /** Optional in requests (the API accepts rules without one); errors name the rule by it when present. */
  id?: string;
  target: { fieldId: string };
  operator: FilterOperator;
  /** Free-form in requests: the compiler checks each value against the target field's type. */
  values?: unknown[];
  settings?: FilterRuleSettings;
  /** A disabled rule does not filter (renders `1=1`). */
  disabled?: boolean;
  required?: boolean;
  /** Overrides the field's and the explore's case sensitivity for string comparisons. */
  caseSensitive?: boolean;
}

export interface AndFilterGroup {
  id?: string;
  and: FilterGroupItem[];
}

export interface OrFilterGroup {
  id?: string;
  or: FilterGroupItem[];
}

/** Groups nest: a group's items are rules or groups. */
export type FilterGroup = AndFilterGroup | OrFilterGroup;
export type FilterGroupItem = FilterGroup | FilterRule;

export interface Filters {
  dimensions?: FilterGroup;
  metrics?: FilterGroup;
  tableCalculations?: FilterGroup;
}

export function isFilterGroup(item: FilterGroupItem): item is FilterGroup {
  return 'and' in item || 'or' in item;
}

/** A filter of a custom (additional) metric: the target is a dimension reference (`status` or `orders.status`). */
export interface MetricFilterRule {
  id?: string;
  target: { fieldRef: string };
  operator: FilterOperator;
  values?: unknown[];
  settings?: FilterRuleSettings;
}
